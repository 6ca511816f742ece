import type { Request, RequestHandler, Response } from "express";
import { clientKey } from "../clientKey.ts";

/**
 * Where a post comes from, as the browser tells it: `Sec-Fetch-Site: cross-site`, or an
 * `Origin` that is neither the site's public origin nor the request's own. A post with neither
 * header (curl, an API client, an old browser) is let through: the check is against forged
 * posts from other sites in a visitor's browser, which always send one of them.
 */
export function isCrossSite(req: Request, siteOrigin: string): boolean {
  if (req.get("sec-fetch-site") === "cross-site") return true;
  const origin = req.get("origin");
  if (origin === undefined) return false;
  const own = `${req.protocol}://${req.get("host") ?? ""}`;
  return origin !== siteOrigin && origin !== own;
}

export interface BodyRateSettings {
  /** The slowest average a body may arrive at, once the grace is over. */
  minBytesPerSecond: number;
  /** Time a body gets before its rate counts (a phone on a bad network starts slowly). */
  graceMs: number;
  /** How often the rate is looked at. */
  checkEveryMs?: number;
  onTooSlow: (req: Request, res: Response) => void;
}

/**
 * Cuts off a body that trickles in (one byte every few seconds, to hold a socket and a parser
 * open): once the grace is over, a body arriving at less than the minimum average rate gets
 * `onTooSlow` (a 408), and its socket is closed. It reads the socket's byte count and never the
 * body, so the body parser after it still gets every byte. The server's whole-request deadline
 * (REQUEST_TIMEOUT_MS, server/main.ts) bounds the rest.
 */
export function minimumBodyRate(settings: BodyRateSettings): RequestHandler {
  return (req, res, next) => {
    const socket = req.socket;
    const started = performance.now();
    const bytesAtStart = socket.bytesRead;
    const timer = setInterval(() => {
      if (req.complete || res.headersSent || socket.destroyed) return void clearInterval(timer);
      const elapsedMs = performance.now() - started;
      if (elapsedMs < settings.graceMs) return;
      const rate = ((socket.bytesRead - bytesAtStart) * 1000) / elapsedMs;
      if (rate >= settings.minBytesPerSecond) return;
      clearInterval(timer);
      res.setHeader("Connection", "close");
      settings.onTooSlow(req, res);
      res.once("finish", () => socket.destroy());
    }, settings.checkEveryMs ?? 500);
    timer.unref();
    req.once("end", () => clearInterval(timer));
    res.once("close", () => clearInterval(timer));
    next();
  };
}

/**
 * At most `limit` requests of one client (req.ip, through TRUST_PROXY) in flight at once; the
 * next gets `onBusy` (a 429). Slow bodies from one address then hold at most `limit` sockets
 * and parsers, whatever the connection cap.
 */
export function inFlightPerClient(limit: number, onBusy: (req: Request, res: Response) => void): RequestHandler {
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
