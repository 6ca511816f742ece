import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

const SAFE_ID = /^[\w.:-]{1,128}$/;

/** The load balancer's X-Request-Id when it is sane, else a new one. */
export function pickRequestId(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/** Picks the request id and echoes it back. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const id = pickRequestId(req);
  res.setHeader("X-Request-Id", id);
  return id;
}
