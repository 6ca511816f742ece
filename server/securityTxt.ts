import type { RequestHandler } from "express";

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * RFC 9116 security.txt. The site has no real e-mail address (docs/product.md section 2), so researchers are sent to the
 * contact form. Expires is a year from start-up: a deployed site never serves a stale file, and
 * a forgotten one still expires as the RFC wants.
 */
export function securityTxt(siteUrl: string, startedAt: Date = new Date()): string {
  const expires = new Date(startedAt.getTime() + YEAR_MS);
  expires.setUTCMilliseconds(0);
  return [
    `Contact: ${new URL("/Contact", siteUrl).href}`,
    `Expires: ${expires.toISOString().replace(".000Z", "Z")}`,
    "Preferred-Languages: en",
    `Canonical: ${new URL("/.well-known/security.txt", siteUrl).href}`,
    "",
  ].join("\n");
}

/** GET /.well-known/security.txt by path, built once at start-up. */
export function securityTxtRoutes(siteUrl: string, startedAt?: Date): Record<string, RequestHandler> {
  const body = securityTxt(siteUrl, startedAt);
  return {
    "/.well-known/security.txt": (_req, res) => {
      res.set("Cache-Control", "public, max-age=86400").type("text/plain; charset=utf-8").send(body);
    },
  };
}
