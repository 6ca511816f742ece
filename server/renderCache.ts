import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from "node:zlib";
import { serializeForScript, type AppConfig } from "../client/AppConfig.tsx";
import { keptPageUrls, siteRoutes, type SiteRoute } from "../shared/site.ts";
import { suggestionProbe } from "../shared/suggest.ts";
import type { CachedPage, PageEncoding } from "./httpCaching.ts";
import type { RenderDeps } from "./render.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Paths that render the not-found page: the first is kept; test/server/cache.test.ts shows both give the same bytes. */
export const NOT_FOUND_PROBES = ["/__render-cache-probe-a", "/__render-cache-probe-b/c"];
/**
 * The kept not-found page for an unknown path, by the path it is rendered from (its key and the
 * source of its validator): the copy that suggests `route` (shared/suggest.ts), or the plain one.
 */
export const notFoundPath = (route?: SiteRoute) => (route ? suggestionProbe(route) : NOT_FOUND_PROBES[0]!);

/**
 * Every kept page's key, from the route table and never from a request, so the set is bounded
 * whatever URLs arrive (server/pageUrl.ts maps each request to one of them): the eight pages,
 * their query variants (`/Contact?sent=1`), the not-found page and its copy per route it may
 * suggest (shared/suggest.ts). test/server/cache.test.ts renders the not-found page for two
 * unknown URLs and holds them equal, so one key stands for every unknown URL.
 */
export const keptPageKeys = () => [
  ...keptPageUrls(),
  notFoundPath(),
  ...siteRoutes.map((route) => notFoundPath(route)),
];

/** A kept page as the build writes it (CLIENT_DIR/pages.json, scripts/lib/renderedPages.ts keptPages). */
export interface BuiltPage {
  status: number;
  /** The routes it matched: its assets and security headers follow from them (server/assets.ts). */
  routeIds: string[];
  html: string;
}

/**
 * The origins the build renders the kept pages with, replaced at start-up by the configured ones
 * (withConfig). The main site's stands for any URL: its `'` and `&` are written one way in an
 * attribute (React's escaping) and another inside a JSON script (serializeForScript), so each
 * occurrence is found in its context's form and replaced by the value in the same form.
 */
export const PLACEHOLDERS: AppConfig = {
  mainSiteUrl: "https://main-site.invalid/?'&",
  siteUrl: "https://site.invalid",
};
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
/** A value as React writes it in an attribute or text, and as serializeForScript writes it in a JSON string. */
const FORMS = [
  (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!),
  (value: string) => serializeForScript(value).slice(1, -1),
];

/** A page rendered with PLACEHOLDERS, as the renderer would have written it with `config`. */
export function withConfig(html: string, config: AppConfig): string {
  for (const name of ["siteUrl", "mainSiteUrl"] as const)
    for (const form of FORMS) html = html.replaceAll(form(PLACEHOLDERS[name]), form(config[name]));
  return html;
}

/**
 * Quick levels so start-up stays short; the kept bytes are recompressed at the best levels in
 * the background right after (same ETag: weak validators allow equivalent bodies). The build
 * precompresses the static files with the best levels too (scripts/build.ts).
 */
const levels = (html: Buffer, best: boolean): [BrotliOptions, { level: number }] => [
  {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
    },
  },
  { level: best ? constants.Z_BEST_COMPRESSION : 6 },
];

export async function compress(html: Buffer, best: boolean): Promise<Record<PageEncoding, Buffer>> {
  const [br, gz] = levels(html, best);
  const [brBody, gzBody] = await Promise.all([brotli(html, br), gzipAsync(html, gz)]);
  return { br: brBody, gzip: gzBody, identity: html };
}

/**
 * The kept pages as finished bytes, written by server/pageWriter.ts. Pages are static data, so
 * the build renders them once (scripts/lib/renderedPages.ts, with PLACEHOLDERS for the origins)
 * and the server only puts its config's origins in and compresses them: every page is kept from
 * the moment the handler exists, and nothing renders to fill it.
 */
export class RenderCache {
  /** Every kept page by its key, the source of its validator: a page URL, or a not-found path (notFoundPath). */
  readonly #pages = new Map<string, CachedPage>();
  #recompressed: Promise<void> | undefined;

  constructor(
    private readonly deps: RenderDeps,
    clientDir: string,
  ) {
    const file = join(clientDir, "pages.json");
    let built: Record<string, BuiltPage>;
    try {
      built = JSON.parse(readFileSync(file, "utf8")) as Record<string, BuiltPage>;
    } catch (error) {
      throw new Error(`Cannot read the built pages at ${file}: run "npm run build" first.`, { cause: error });
    }
    for (const [key, { status, routeIds, html }] of Object.entries(built)) {
      const identity = Buffer.from(withConfig(html, deps.config));
      const [br, gz] = levels(identity, false);
      const bodies = { br: brotliCompressSync(identity, br), gzip: gzipSync(identity, gz), identity };
      this.#pages.set(key, { status, etag: deps.etagFor(key), bodies, security: deps.pageAssets(routeIds).security });
    }
  }

  /**
   * The kept page of a key: a page URL from server/pageUrl.ts (`/main`, `/Contact?sent=1`) or a
   * not-found path (notFoundPath).
   */
  get(key: string): CachedPage | undefined {
    return this.#pages.get(key);
  }

  /** How many pages are kept: keptPageKeys()'s count. */
  get kept(): number {
    return this.#pages.size;
  }

  /**
   * Resolves once the kept bodies carry their best-level compression, which the first call starts
   * (main.ts calls it once listening; zlib runs on the thread pool, off the request path). Until
   * then a page's bytes may change under the same (weak) ETag: what a test comparing bytes waits
   * for. Not started by the constructor: it costs seconds of CPU, and a test that makes a handler
   * only to post a form has no use for it.
   */
  settled(): Promise<void> {
    return (this.#recompressed ??= this.#recompress());
  }

  async #recompress(): Promise<void> {
    try {
      for (const [key, page] of this.#pages)
        this.#pages.set(key, { ...page, bodies: await compress(page.bodies.identity, true) });
    } catch (error) {
      this.deps.logger.warn({ err: error }, "render cache: best-level recompression failed; quick levels kept");
    }
  }
}
