import type { Request } from "express";
import { ipKeyGenerator } from "express-rate-limit";
import { isIP } from "node:net";

/**
 * The client a request's rate limit counts against. It is req.ip, which Express takes from
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
