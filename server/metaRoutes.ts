import type { RequestHandler } from "express";
import { routeById, siteRoutes } from "../shared/site.ts";
import { escapeHtml } from "./pageWriter.ts";

// The small files crawlers, browsers and researchers ask for by name (routeLabel's "meta"):
// each built once from SITE_URL at start-up and served as it is.

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The eight routes on SITE_URL, with the casing of docs/product.md section 2 (the same URLs as the canonical links). */
export function sitemapXml(siteUrl: string): string {
  const urls = siteRoutes.map((route) => `  <url><loc>${escapeHtml(new URL(route.path, siteUrl).href)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/**
 * RFC 9116 security.txt. The site has no real e-mail address (docs/product.md section 2), so
 * researchers are sent to the contact form. Expires is a year from start-up: a deployed site
 * never serves a stale file, and a forgotten one still expires as the RFC wants.
 */
export function securityTxt(siteUrl: string, startedAt: Date = new Date()): string {
  const expires = new Date(startedAt.getTime() + YEAR_MS);
  expires.setUTCMilliseconds(0);
  return [
    `Contact: ${new URL(routeById("contact").path, siteUrl).href}`,
    `Expires: ${expires.toISOString().replace(".000Z", "Z")}`,
    "Preferred-Languages: en",
    `Canonical: ${new URL("/.well-known/security.txt", siteUrl).href}`,
    "",
  ].join("\n");
}

/** A fixed body with its type, kept by browsers and caches for `maxAge` seconds. */
const fixed =
  (body: string, type: string, maxAge: number): RequestHandler =>
  (_req, res) =>
    void res.set("Cache-Control", `public, max-age=${maxAge}`).type(type).send(body);

/** GET /robots.txt, /sitemap.xml, /.well-known/security.txt and /favicon.ico, by path. */
export function metaRoutes(siteUrl: string): Record<string, RequestHandler> {
  return {
    "/robots.txt": fixed(
      `User-agent: *\nAllow: /\n\nSitemap: ${new URL("/sitemap.xml", siteUrl).href}\n`,
      "text/plain",
      3600,
    ),
    "/sitemap.xml": fixed(sitemapXml(siteUrl), "application/xml", 3600),
    "/.well-known/security.txt": fixed(securityTxt(siteUrl), "text/plain; charset=utf-8", 86_400),
    // Browsers and crawlers still ask for /favicon.ico by habit; the site's icon is the SVG.
    "/favicon.ico": (_req, res) => res.set("Cache-Control", "public, max-age=86400").redirect(301, "/favicon.svg"),
  };
}
