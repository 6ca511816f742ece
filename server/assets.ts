import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { DocumentAssets } from "../client/Document.tsx";

/** Written by scripts/build.ts: public URLs of the client build. */
export interface BuildManifest {
  entry: string;
  /** Chunks the entry imports statically: the browser needs them before anything runs. */
  entryImports: string[];
  /** The whole stylesheet. A page without route styles links it in <head>. */
  stylesheets: string[];
  /**
   * Route id -> the rules that route's pages use (scripts/lib/usedCss.ts), inlined into <head> so
   * the first paint waits for no second request; each page's CSP allows its own by hash. Where
   * those cover only the first screen (`partial`: the home page, whose head and first screen
   * must fit the first round trip), `whole` holds every rule the page uses, in the stylesheet's
   * order, inlined in <body> before the first section below the fold (client/PageRules.tsx): the rest of the page is styled as it is parsed, with
   * no request and no restyle after the first paint. The whole stylesheet loads inside
   * <noscript> without JavaScript, and with it only before the app shows another route
   * (client/stylesheets.ts). Absent in the dev loop, and while the build reads its own pages.
   */
  routeStyles?: Record<string, RouteStyle>;
  /** Rules for pages without JavaScript, linked inside <noscript>. */
  noscriptStylesheets: string[];
  /**
   * The typeface's file (client/fonts, hashed like every asset), preloaded by every page so it
   * arrives with the first screen's bytes: with font-display: optional a late font is never
   * swapped in, so it can cost neither layout shift nor a repaint of the largest text.
   */
  fonts?: string[];
  /** Route id -> the route chunk and the shared chunks it imports. */
  routes: Record<string, string[]>;
  /** Hash of everything the build wrote (client and server): part of every page's ETag. */
  buildId?: string;
}

/** A route's inlined rules (scripts/build.ts), each allowed by its hash in the page's CSP. */
export interface RouteStyle {
  css: string;
  hash: string;
  partial?: boolean;
  whole?: { css: string; hash: string };
}

/**
 * The CSP sources ('sha256-…') a page needs for its inline styles: its route's rules, and the
 * page's whole rules where those cover its first screen only. Only pages carry them; every
 * other answer allows no inline style at all.
 */
export function inlineStyleSources(manifest: BuildManifest, routeIds: string[]): string[] {
  const routeStyle = routeStyleOf(manifest, routeIds);
  if (!routeStyle) return [];
  return [routeStyle.hash, ...(routeStyle.whole ? [routeStyle.whole.hash] : [])].map((hash) => `'${hash}'`);
}

/** The inline rules of the page whose matched routes are `routeIds` (the deepest route that has some). */
function routeStyleOf(manifest: BuildManifest, routeIds: string[]): RouteStyle | undefined {
  for (const id of [...routeIds].reverse()) {
    const style = manifest.routeStyles?.[id];
    if (style) return style;
  }
  return undefined;
}

export function readManifest(clientDir: string): BuildManifest {
  const file = join(clientDir, "manifest.json");
  try {
    return JSON.parse(readFileSync(file, "utf8")) as BuildManifest;
  } catch (error) {
    throw new Error(`Cannot read the client build manifest at ${file}: run "npm run build" first.`, { cause: error });
  }
}

/**
 * The assets of a page: the small entry (and its imports) start with the page; the routes'
 * chunks (React, the router, the page) are only named, for the entry to fetch once the page
 * is idle or in use.
 */
export function assetsFor(manifest: BuildManifest, routeIds: string[]): DocumentAssets {
  const preloads = new Set(manifest.entryImports);
  const hydration = new Set<string>();
  for (const id of routeIds) for (const file of manifest.routes[id] ?? []) if (!preloads.has(file)) hydration.add(file);
  preloads.delete(manifest.entry);
  hydration.delete(manifest.entry);
  const routeStyle = routeStyleOf(manifest, routeIds);
  const inlined = routeStyle !== undefined;
  return {
    entry: manifest.entry,
    stylesheets: inlined ? [] : manifest.stylesheets,
    inlineStyles: inlined ? [routeStyle.css] : [],
    bodyStyles: routeStyle?.whole ? [routeStyle.whole.css] : [],
    lateStylesheets: inlined ? { hrefs: manifest.stylesheets } : undefined,
    noscriptStylesheets: [...(inlined ? manifest.stylesheets : []), ...manifest.noscriptStylesheets],
    modulePreloads: [...preloads],
    fontPreloads: manifest.fonts ?? [],
    hydrationModules: [...hydration],
  };
}
