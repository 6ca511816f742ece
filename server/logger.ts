import { pino, type Logger, type LoggerOptions } from "pino";

/** Fields that may hold personal data from the contact form: never written to logs. */
export const redactPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  "body",
  "contact",
  "*.name",
  "*.email",
  "*.phone",
  "*.subject",
  "*.message",
];

export function createLogger(level: LoggerOptions["level"] = "info", destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: redactPaths, censor: "[redacted]" },
    },
    destination,
  );
}
