import { pino, type Logger, type LoggerOptions } from "pino";

/**
 * A safety net for personal data from the contact form: the relay logs outcomes only, and these
 * keys are blanked if anyone logs a message or its fields anyway. "name" and "message" are
 * blanked at the top level only: "*.message" would also blank err.message in error logs.
 */
export const redactPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  "req.body",
  "body",
  "contact",
  "values",
  "name",
  "email",
  "phone",
  "subject",
  "message",
  "*.email",
  "*.phone",
  "*.subject",
];

/** The stream each logger made here writes to: the access log writes its lines there too. */
const destinations = new WeakMap<Logger, pino.DestinationStream>();

/** Where a logger made by createLogger writes (undefined for any other logger). */
export function destinationOf(logger: Logger): pino.DestinationStream | undefined {
  return destinations.get(logger);
}

export function createLogger(
  level: LoggerOptions["level"] = "info",
  destination: pino.DestinationStream = pino.destination(1),
): Logger {
  const logger = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: redactPaths, censor: "[redacted]" },
    },
    destination,
  );
  destinations.set(logger, destination);
  return logger;
}
