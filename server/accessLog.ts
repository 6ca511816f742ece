import type { Logger } from "pino";
import type { Options } from "pino-http";
import { destinationOf, maskedUrl } from "./logger.ts";
import { requestId } from "./requestId.ts";

/**
 * How Express's requests are logged (pino-http). The front door's line (createAccessLog) has
 * the same shape: test/unit/accessLog.test.ts compares the two lines pino-http and it write.
 */
export function pinoHttpOptions(logger: Logger): Options {
  return {
    logger,
    genReqId: requestId,
    // Probes come every few seconds from the balancer and a 503 from /readyz is the expected
    // answer while starting or stopping; main.ts logs those transitions once instead.
    autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
    // A 503 with Retry-After is a deliberate refusal (too many renders in flight), not a fault.
    customLogLevel: (_req, res, err) =>
      err || (res.statusCode >= 500 && !(res.statusCode === 503 && res.hasHeader("Retry-After")))
        ? "error"
        : res.statusCode >= 400
          ? "warn"
          : "info",
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: maskedUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

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
 * other logger gets the same line through its public methods, at pino's price.
 * The level follows the status as pino-http's customLogLevel does (pinoHttpOptions above).
 * Undefined when the logger does not log at warn (no line could be written).
 */
export function createAccessLog(logger: Logger): AccessLog | undefined {
  if (!logger.isLevelEnabled("warn")) return undefined;
  const values = logger.levels.values;
  // The front door's only 503 is the busy answer, with Retry-After: warn, as pino-http logs it.
  const levelOf = (statusCode: number) =>
    statusCode >= 500 && statusCode !== 503 ? values.error! : statusCode >= 400 ? values.warn! : values.info!;
  const lowest = values[logger.level] ?? values.info!;
  const stream = destinationOf(logger);
  if (!stream) {
    const log = ((id, method, url, statusCode, responseTime) => {
      const level = levelOf(statusCode);
      if (level < lowest) return;
      const method_ = level === values.error ? "error" : level === values.warn ? "warn" : "info";
      logger[method_](
        { req: { id, method, url: maskedUrl(url) }, res: { statusCode }, responseTime },
        "request completed",
      );
    }) as AccessLog;
    log.flush = () => {};
    return log;
  }
  // The logger's own bindings (version, pod), where pino writes them: after the time.
  const bindings = Object.entries(logger.bindings())
    .map(([key, value]) => `,${JSON.stringify(key)}:${JSON.stringify(value)}`)
    .join("");
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
    const level = levelOf(statusCode);
    if (level < lowest) return;
    const now = Date.now();
    if (now !== lastMs) {
      lastMs = now;
      lastIso = new Date(now).toISOString();
    }
    held += `{"level":${level},"time":"${lastIso}"${bindings},"req":{"id":${JSON.stringify(id)},"method":"${method}","url":${JSON.stringify(maskedUrl(url))}},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`;
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  }) as AccessLog;
  log.flush = flush;
  return log;
}
