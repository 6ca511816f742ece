import type { RequestHandler } from "express";
import type { ContactQueue } from "./contact/queue.ts";

/** Shared between the app (which answers probes) and main.ts (which starts and stops it). */
export interface Lifecycle {
  /** True from the first shutdown signal: the balancer should stop sending traffic. */
  shuttingDown: boolean;
}

export function createLifecycle(): Lifecycle {
  return { shuttingDown: false };
}

/** Liveness (and the image's HEALTHCHECK): 200 while the process lives. */
export const LIVENESS_PATH = "/healthz";
/**
 * Readiness: 200 while the replica should get traffic, from the moment it listens (its pages are
 * the build's, kept before it listens) until it is shutting down. Pages do not need the contact
 * queue, so a queue that cannot keep messages is reported in the body (`contact: "unavailable"`)
 * and by metrics and alerts, not by leaving rotation.
 */
export const READINESS_PATH = "/readyz";

/**
 * GET /healthz and GET /readyz, by path. /readyz also says whether a contact message could be kept
 * now (the queue's own check), never a reason to leave rotation (docs/decisions/015).
 */
export function healthRoutes(
  lifecycle: Lifecycle,
  queue: Pick<ContactQueue, "writable">,
): Record<string, RequestHandler> {
  const live: RequestHandler = (_req, res) => void res.set("Cache-Control", "no-store").json({ status: "ok" });
  const ready: RequestHandler = async (_req, res) => {
    const ready = !lifecycle.shuttingDown;
    const contact = (await queue.writable().catch(() => false)) ? "ok" : "unavailable";
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ready ? "ready" : "shutting down", contact });
  };
  return { [LIVENESS_PATH]: live, [READINESS_PATH]: ready };
}
