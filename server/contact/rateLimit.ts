import type { Request, Response } from "express";
import { rateLimit, type Store } from "express-rate-limit";
import type { Logger } from "pino";
import { clientKey } from "../clientKey.ts";

export interface RateLimitSettings {
  windowMs: number;
  limit: number;
  /** Unset: express-rate-limit's memory store (one process). A shared store plugs in here. */
  store?: Store;
  /** Where store errors are logged (express-rate-limit logs to the console otherwise). */
  logger?: Logger;
}

/**
 * Contact POSTs per client per window. The client is req.ip, which Express derives through
 * `trust proxy` (TRUST_PROXY), so behind a balancer each visitor has their own budget; a
 * forwarded value that is no address counts as the peer (server/clientKey.ts).
 * Headers follow the IETF RateLimit draft; a refusal is answered by `onLimited`.
 * A store that fails (Redis away) lets the request through with an error log: an outage of
 * the shared count must not take the contact form down with it.
 */
export function contactRateLimiter(settings: RateLimitSettings, onLimited: (req: Request, res: Response) => void) {
  return rateLimit({
    windowMs: settings.windowMs,
    limit: settings.limit,
    identifier: "contact",
    keyGenerator: clientKey,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    ...(settings.store ? { store: settings.store } : {}),
    passOnStoreError: true,
    ...(settings.logger ? { logger: settings.logger } : {}),
    handler: (req, res) => onLimited(req, res),
  });
}
