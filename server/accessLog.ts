import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { destinations, maskedUrl } from "./logger.ts";

type LevelName = "info" | "warn" | "error";

/**
 * The level of a request's line by its answer: 5xx is an error, except a 503 with Retry-After,
 * a deliberate refusal (too many renders in flight, come back shortly); 4xx warns.
 */
function accessLevel(res: ServerResponse): LevelName {
  const status = res.statusCode;
  if (status >= 500) return status === 503 && res.hasHeader("Retry-After") ? "warn" : "error";
  return status >= 400 ? "warn" : "info";
}

/**
 * Probes come every few seconds from the balancer and a 503 from /readyz is the expected answer
 * while starting or stopping; main.ts logs those transitions once instead. (Compared, not looked
 * up in a Set: a campaign URL is a new string each time, and a lookup would hash all of it.)
 */
const isProbe = (url: string) => url === "/healthz" || url === "/readyz";

/**
 * The access log: one line per request, `{req: {id, method, url}, res: {statusCode},
 * responseTime, msg: "request completed"}` (or "request aborted" when the client left first: the
 * shape pino-http wrote, which the log queries read), the URL's query values masked (maskedUrl).
 *
 * At tens of thousands of requests a second, pino's generic serialisation (and redaction,
 * which the front door's line needs none of: id, method, a path and a status) cost a fifth of a
 * kept page's response, so that line is written straight to the logger's destination: a string.
 * Lines are handed to it once per event-loop turn, joined: pino's asynchronous destination
 * (sonic-boom) measures its pending buffer on every write, so a write a line cost 4 µs at 16 KB
 * pending, a third of a cached response.
 * The destination is the one the logger was made with (server/logger.ts createLogger); any
 * other logger gets the same line through its public methods, at pino's price.
 * Undefined when the logger does not log at warn (no line could be written).
 */
export function createAccessLog(logger: Logger) {
  if (!logger.isLevelEnabled("warn")) return undefined;
  const values = logger.levels.values;
  const lowest = values[logger.level] ?? values.info!;
  const stream = destinations.get(logger);
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
    if (held) stream!.write(held);
    held = "";
  };
  /**
   * The one line of a finished request (`url` as it arrived, `responseTime` in ms), whichever
   * way it was answered. A request something logged for has its own logger (req.log,
   * requestLogger in server/logger.ts): the line goes through it, with whatever a route bound there (a
   * beacon's vitals). Most answers have none: their line is built here, in the same
   * shape, at a string's cost. `aborted`: the connection closed before the answer was all
   * sent (the client went away); the line then says "request aborted".
   */
  const log = (req: IncomingMessage, res: ServerResponse, url: string, responseTime: number, aborted = false) => {
    if (isProbe(url)) return;
    const level = accessLevel(res);
    if (values[level]! < lowest) return;
    const statusCode = res.statusCode;
    const msg = aborted ? "request aborted" : "request completed";
    // Its `req` is bound to the request's logger already.
    if (req.log) return req.log[level]({ res: { statusCode }, responseTime }, msg);
    const id = req.id ?? "";
    if (!stream)
      return logger[level](
        { req: { id, method: req.method, url: maskedUrl(url) }, res: { statusCode }, responseTime },
        msg,
      );
    const now = Date.now();
    if (now !== lastMs) {
      lastMs = now;
      lastIso = new Date(now).toISOString();
    }
    held += `{"level":${values[level]},"time":"${lastIso}"${bindings},"req":{"id":${JSON.stringify(id)},"method":"${req.method}","url":${JSON.stringify(maskedUrl(url))}},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"${msg}"}\n`;
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  /** Writes the lines still held for this event-loop turn (call it before the process exits). */
  return Object.assign(log, { flush });
}
