import type { Logger } from "pino";
import { destinationOf } from "./logger.ts";

export interface AccessLog {
  (id: string, method: string, url: string, statusCode: number, responseTime: number): void;
  /** Writes the lines still held for this event-loop turn (call it before the process exits). */
  flush(): void;
}

/**
 * The fast path's access log: the line pino-http writes for a request, in the same shape, level
 * and time format, written straight to the logger's destination. At tens of thousands of
 * requests a second, pino's generic serialisation (and redaction, which this line needs none of:
 * id, method, a canonical path and a status) cost a fifth of the response; this costs a string.
 *
 * Lines are handed to the destination once per event-loop turn, joined: pino's asynchronous
 * destination (sonic-boom) measures its pending buffer on every write, so a write a line cost
 * 4 µs at 16 KB pending, a third of a cached response.
 * The destination is the one the logger was made with (server/logger.ts createLogger); any
 * other logger gets the same line through logger.info, at pino's price.
 * Undefined when the logger does not log at info.
 */
export function createAccessLog(logger: Logger): AccessLog | undefined {
  if (!logger.isLevelEnabled("info")) return undefined;
  const stream = destinationOf(logger);
  if (!stream) {
    const log = ((id, method, url, statusCode, responseTime) =>
      logger.info({ req: { id, method, url }, res: { statusCode }, responseTime }, "request completed")) as AccessLog;
    log.flush = () => {};
    return log;
  }
  const level = logger.levels.values.info;
  let lastMs = 0;
  let lastIso = "";
  let held = "";
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    if (!held) return;
    const lines = held;
    held = "";
    stream.write(lines);
  };
  const log = ((id, method, url, statusCode, responseTime) => {
    const now = Date.now();
    if (now !== lastMs) {
      lastMs = now;
      lastIso = new Date(now).toISOString();
    }
    held += `{"level":${level},"time":"${lastIso}","req":{"id":${JSON.stringify(id)},"method":"${method}","url":${JSON.stringify(url)}},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`;
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  }) as AccessLog;
  log.flush = flush;
  return log;
}
