import type { IncomingMessage } from "node:http";
import { hostname } from "node:os";
import { pino, type Logger, type LoggerOptions } from "pino";
import { contactFields } from "../shared/contactMessages.ts";

// What runs: the package version and the commit it was built from. The build writes both into
// the server bundle (scripts/build.ts); from the sources (tsx) they come from the environment.
declare const __BUILD_VERSION__: string | undefined;
declare const __BUILD_COMMIT__: string | undefined;

export const buildInfo = {
  version: typeof __BUILD_VERSION__ === "string" ? __BUILD_VERSION__ : (process.env.npm_package_version ?? "dev"),
  commit: typeof __BUILD_COMMIT__ === "string" ? __BUILD_COMMIT__ : (process.env.BUILD_COMMIT ?? "unknown"),
};
/** Which replica runs (Kubernetes sets the pod's name as HOSTNAME). */
export const podName = process.env.POD_NAME ?? hostname();

/**
 * A safety net for personal data from the contact form: the relay logs outcomes only, and these
 * keys are blanked if anyone logs a message or its fields anyway, every field of the form by its
 * name (shared/contactMessages.ts), so a new field is redacted too. "name" and "message" are
 * blanked at the top level only: "*.message" would also blank err.message in error logs, and
 * "*.name" the names of a beacon's metrics.
 */
export const redactPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  "req.body",
  "body",
  "contact",
  "values",
  ...contactFields,
  ...contactFields.filter((field) => field !== "name" && field !== "message").map((field) => `*.${field}`),
];

declare module "http" {
  interface IncomingMessage {
    /** The request's id, echoed in X-Request-Id (server/handler.ts, before any step). */
    id?: string;
    /**
     * A logger whose lines name the request (`req`: id, method, masked URL), made by
     * requestLogger when something logs for it. What a route binds to it (a beacon's vitals) is
     * on the request's access-log line.
     */
    log?: Logger;
  }
}

/**
 * The request's own logger, made the first time something logs for the request (a route, a
 * render, an error): most requests log nothing but their access-log line, which is written
 * without one (server/accessLog.ts).
 */
export function requestLogger(req: IncomingMessage, logger: Logger): Logger {
  // Express rewrites req.url inside a mounted router; originalUrl is the URL as it arrived.
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? "/";
  return (req.log ??= logger.child({ req: { id: req.id, method: req.method, url: maskedUrl(url) } }));
}

/**
 * Where each logger made by createLogger writes (no entry for any other logger): the access log
 * writes its lines there too.
 */
export const destinations = new WeakMap<Logger, pino.DestinationStream>();

/**
 * A URL fit for a log line: each query value is replaced by `***` except campaign tags
 * (`utm_*`), since a query may carry an e-mail address, a token or a name.
 */
export function maskedUrl(url: string): string {
  const start = url.indexOf("?");
  if (start === -1) return url;
  // Each `key=value` pair of the query whose key is no utm_ tag: the key runs to its first `=`,
  // the value to the next `&`.
  return url.slice(0, start) + url.slice(start).replace(/([?&](?!utm_)[^&=]*)=[^&]*/gi, "$1=***");
}

export function createLogger(
  level: LoggerOptions["level"] = "info",
  destination: pino.DestinationStream = pino.destination(1),
): Logger {
  const logger = pino(
    {
      level,
      // Which build and which replica wrote a line.
      base: { version: buildInfo.version, pod: podName },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: redactPaths, censor: "[redacted]" },
    },
    destination,
  );
  destinations.set(logger, destination);
  return logger;
}
