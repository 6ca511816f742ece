import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { DocumentAssets } from "../client/Document.tsx";
import { securityHeaderSet } from "./security.ts";

// The one reader of the build's manifest, and so the one owner of how a page gets its CSS: the
// build (scripts/build.ts) writes, per route, the rules its pages inline and the CSP sources that
// allow them; here they become the page's <style> elements and its security headers, together.

/** Written by scripts/build.ts: public URLs of the client build. */
export interface BuildManifest {
  entry: string;
  /** Chunks the entry imports statically: the browser needs them before anything runs. */
  entryImports: string[];
  /** The whole stylesheet. A page without route styles links it in <head>. */
  stylesheets: string[];
  /**
   * Route id -> the rules that route's pages use, inlined so the first paint waits for no second
   * request. Absent in the dev loop, and while the build reads its own pages. The whole
   * stylesheet loads inside <noscript> without JavaScript, and with it only before the app shows
   * another route (client/stylesheets.ts).
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

/** A route's inlined rules (scripts/build.ts routeStyles). */
export interface RouteStyle {
  /** The rules in <head>: every rule the page uses, or only its first screen's (the home page). */
  head: string;
  /**
   * Every rule the page uses, where `head` holds its first screen's only (the home page, whose
   * head and first screen must fit the first round trip): inlined in <body> before the first
   * section below the fold (client/PageRules.tsx), so the rest is styled as it is parsed.
   */
  body?: string;
  /** The CSP sources ('sha256-…') of `head` and `body`: the page's `style-src` names them. */
  styleSrc: string[];
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
 * A page's assets by its matched routes (the deepest route with rules decides): the small entry
 * (and its imports) start with the page; the routes' chunks (React, the router, the page) are
 * only named, for the entry to fetch once the page is idle or in use. Its security headers are
 * made once per route; every other answer allows no inline style at all.
 */
export function createPageAssets(manifest: BuildManifest) {
  const security = new Map<RouteStyle | undefined, readonly string[]>();
  /** What a page is sent with: its assets, and the security headers (flat) whose CSP allows its inline rules. */
  return (routeIds: string[]) => {
    const routeStyle = manifest.routeStyles?.[routeIds.findLast((id) => manifest.routeStyles?.[id]) ?? ""];
    if (!security.has(routeStyle)) security.set(routeStyle, securityHeaderSet(routeStyle?.styleSrc).flat());
    const preloads = new Set(manifest.entryImports);
    const hydration = new Set<string>();
    for (const id of routeIds)
      for (const file of manifest.routes[id] ?? []) if (!preloads.has(file)) hydration.add(file);
    preloads.delete(manifest.entry);
    hydration.delete(manifest.entry);
    const assets: DocumentAssets = {
      entry: manifest.entry,
      stylesheets: routeStyle ? [] : manifest.stylesheets,
      inlineStyles: routeStyle ? [routeStyle.head] : [],
      bodyStyles: routeStyle?.body ? [routeStyle.body] : [],
      lateStylesheets: routeStyle && { hrefs: manifest.stylesheets },
      noscriptStylesheets: [...(routeStyle ? manifest.stylesheets : []), ...manifest.noscriptStylesheets],
      modulePreloads: [...preloads],
      fontPreloads: manifest.fonts ?? [],
      hydrationModules: [...hydration],
    };
    return { assets, security: security.get(routeStyle)! };
  };
}
