import type { ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { requestLogger } from "./logger.ts";

/** Last handler: a status from the error when it carries one, no stack traces to clients. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const { status: given, statusCode } = (err ?? {}) as { status?: unknown; statusCode?: unknown };
    const status = Number(given ?? statusCode) || 500;
    if (status >= 500) requestLogger(req, logger).error({ err }, "request failed");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const message = status === 404 ? "Not found" : status < 500 ? "Bad request" : "Internal server error";
    if (req.path.startsWith("/api/")) {
      res.status(status).json({ error: message });
    } else {
      res.status(status).type("text/plain").send(message);
    }
  };
}
