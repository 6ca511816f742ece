import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { BuildManifest } from "../../server/assets.ts";

/** docs/product.md section 12 (bars): gzip bytes a route loads before it is interactive. */
export const budgets = {
  homeJs: 125 * 1024,
  routeJs: 115 * 1024,
  css: 30 * 1024,
} as const;

export interface RouteWeight {
  route: string;
  jsFiles: number;
  jsGzip: number;
  cssGzip: number;
  jsBudget: number;
}

/** Level 9, as the build precompresses what the server sends. */
const gzipSize = (clientDir: string, url: string) => gzipSync(readFileSync(join(clientDir, url.replace(/^\//, ""))), { level: 9 }).length;

/** First-load JS of a route: the entry, its static imports and the route's chunk with its imports. */
export function routeWeights(clientDir = "dist/client"): RouteWeight[] {
  const manifest = JSON.parse(readFileSync(join(clientDir, "manifest.json"), "utf8")) as BuildManifest;
  const cssGzip = manifest.stylesheets.reduce((sum, url) => sum + gzipSize(clientDir, url), 0);
  return Object.entries(manifest.routes).map(([route, chunks]) => {
    const files = new Set([manifest.entry, ...manifest.entryImports, ...chunks]);
    const jsGzip = [...files].reduce((sum, url) => sum + gzipSize(clientDir, url), 0);
    return { route, jsFiles: files.size, jsGzip, cssGzip, jsBudget: route === "home" ? budgets.homeJs : budgets.routeJs };
  });
}

export function formatWeights(rows: RouteWeight[]): string {
  const kb = (n: number) => (n / 1024).toFixed(1);
  const lines = ["| route | JS files | JS gzip KB | budget KB | CSS gzip KB | budget KB |", "|---|---|---|---|---|---|"];
  for (const r of rows) lines.push(`| ${r.route} | ${r.jsFiles} | ${kb(r.jsGzip)} | ${kb(r.jsBudget)} | ${kb(r.cssGzip)} | ${kb(budgets.css)} |`);
  return lines.join("\n");
}
