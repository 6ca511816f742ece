import type { Request, RequestHandler, Response } from "express";
import { ipKeyGenerator, rateLimit, type Store } from "express-rate-limit";
import { isIP } from "node:net";
import type { Logger } from "pino";

/**
 * The client a request's limits count against. It is req.ip, which Express takes from
 * X-Forwarded-For when the peer is a trusted proxy (TRUST_PROXY), but only when that is an
 * address: a trusted hop can still pass on a header that is not one ("not-an-ip", 2 KB of junk:
 * a proxy that forwards the client's header instead of appending, any header sent on loopback).
 * Counting such a string would give every made-up value a budget of its own, so the peer's
 * own address counts instead. IPv6 clients count by their /56, express-rate-limit's default.
 */
export function clientKey(req: Request): string {
  const address = req.ip !== undefined && isIP(req.ip) ? req.ip : req.socket.remoteAddress;
  return address === undefined ? "unknown" : ipKeyGenerator(address);
}

/** How a guard answers a request it turns away. */
type Refusal = (req: Request, res: Response) => void;

/**
 * A post from another site in a visitor's browser: `Sec-Fetch-Site: cross-site`, or an `Origin`
 * that is neither the site's public origin nor the request's own. A post with neither header
 * (curl, an API client) is let through: browsers always send one of them.
 */
export function isCrossSite(req: Request, siteOrigin: string): boolean {
  if (req.get("sec-fetch-site") === "cross-site") return true;
  const origin = req.get("origin");
  return origin !== undefined && origin !== siteOrigin && origin !== `${req.protocol}://${req.get("host") ?? ""}`;
}

/** Bodies slower than this on average, once the grace is over, are cut off (a phone on a bad network starts slowly). */
const MIN_BODY_BYTES_PER_SECOND = 256;
const BODY_GRACE_MS = 2_000;

/** How long a socket cut off for a slow body may stay half-closed for its client to read the answer. */
const CLOSE_LINGER_MS = 2_000;

/**
 * Cuts off a body that trickles in to hold a socket and a parser open: `onTooSlow` answers (a
 * 408) and the socket closes. It reads the socket's byte count, never the body, so the parser
 * after it still gets every byte. REQUEST_TIMEOUT_MS (server/main.ts) bounds the rest.
 *
 * The close lingers: our side ends after the answer and the client's trickle goes on being read
 * until it closes too, or CLOSE_LINGER_MS. Destroyed at once (or with `Connection: close`, which
 * Node answers the same way), the socket is closed with the client's next bytes unread, the
 * kernel answers them with a reset, and a reset that reaches a busy client before it has read
 * the 408 erases it. On a loaded machine 3 of 1,000 slow clients got no answer at all
 * (test/resilience/slow-clients.test.ts, beside Lighthouse); this is the likely cause, not a
 * proven one: the test now says whether such a client saw a reset.
 */
export function minimumBodyRate(onTooSlow: Refusal, checkEveryMs = 500): RequestHandler {
  return (req, res, next) => {
    const socket = req.socket;
    const started = performance.now();
    const bytesAtStart = socket.bytesRead;
    const timer = setInterval(() => {
      if (req.complete || res.headersSent || socket.destroyed) return void clearInterval(timer);
      const elapsedMs = performance.now() - started;
      const bytesPerSecond = ((socket.bytesRead - bytesAtStart) * 1000) / elapsedMs;
      if (elapsedMs < BODY_GRACE_MS || bytesPerSecond >= MIN_BODY_BYTES_PER_SECOND) return;
      clearInterval(timer);
      onTooSlow(req, res);
      res.once("finish", () => {
        socket.end();
        const linger = setTimeout(() => socket.destroy(), CLOSE_LINGER_MS);
        linger.unref();
        socket.once("close", () => clearTimeout(linger));
      });
    }, checkEveryMs);
    timer.unref();
    req.once("end", () => clearInterval(timer));
    res.once("close", () => clearInterval(timer));
    next();
  };
}

/** At most `limit` requests of one client in flight at once: slow bodies from one address hold that many sockets. */
export function inFlightPerClient(limit: number, onBusy: Refusal): RequestHandler {
  const inFlight = new Map<string, number>();
  return (req, res, next) => {
    const key = clientKey(req);
    const now = inFlight.get(key) ?? 0;
    if (now >= limit) return onBusy(req, res);
    inFlight.set(key, now + 1);
    res.once("close", () => {
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left <= 0) inFlight.delete(key);
      else inFlight.set(key, left);
    });
    next();
  };
}

export interface RateLimitSettings {
  windowMs: number;
  limit: number;
  /** Unset: express-rate-limit's memory store (one process); Redis's for a fleet (server/redis.ts). */
  store?: Store | undefined;
  logger?: Logger;
}

/**
 * Requests per client (clientKey, through TRUST_PROXY) per window, with the IETF RateLimit
 * headers: the contact form's and the vitals beacons', each under its own identifier. A store
 * that fails (Redis away) lets the request through, and express-rate-limit logs it: an outage of
 * the shared count must not take the form down (docs/decisions/005).
 */
export function rateLimiter(identifier: string, settings: RateLimitSettings, onLimited: Refusal) {
  return rateLimit({
    ...settings,
    identifier,
    keyGenerator: clientKey,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    passOnStoreError: true,
    handler: (req, res) => onLimited(req, res),
  });
}
