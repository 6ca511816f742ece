import type { RequestHandler } from "express";
import { siteRoutes } from "../shared/site.ts";

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** The eight routes on SITE_URL, with the casing of docs/product.md section 2 (the same URLs as the canonical links). */
export function sitemapXml(siteUrl: string): string {
  const urls = siteRoutes.map((route) => `  <url><loc>${escapeXml(new URL(route.path, siteUrl).href)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${new URL("/sitemap.xml", siteUrl).href}\n`;
}

/** GET /robots.txt and GET /sitemap.xml by path, built once from the config. */
export function seoRoutes(siteUrl: string): Record<string, RequestHandler> {
  const sitemap = sitemapXml(siteUrl);
  const robots = robotsTxt(siteUrl);
  return {
    "/robots.txt": (_req, res) => {
      res.set("Cache-Control", "public, max-age=3600").type("text/plain").send(robots);
    },
    "/sitemap.xml": (_req, res) => {
      res.set("Cache-Control", "public, max-age=3600").type("application/xml").send(sitemap);
    },
  };
}
