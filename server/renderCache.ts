import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { keptPageUrls, siteRoutes, type SiteRoute } from "../shared/site.ts";
import { suggestionProbe } from "../shared/suggest.ts";
import type { CachedPage, PageEncoding } from "./httpCaching.ts";
import { renderToBuffer, type RenderDeps } from "./render.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Paths that render the not-found page: the first is kept; test/server/cache.test.ts shows both give the same bytes. */
export const NOT_FOUND_PROBES = ["/__render-cache-probe-a", "/__render-cache-probe-b/c"];
/**
 * The kept not-found page for an unknown path, by the path it is rendered from (its key and the
 * source of its validator): the copy that suggests `route` (shared/suggest.ts), or the plain one.
 */
export const notFoundPath = (route?: SiteRoute) => (route ? suggestionProbe(route) : NOT_FOUND_PROBES[0]!);
/** A page that failed to render is tried again at most this often (it streams meanwhile). */
const RETRY_AFTER_MS = 30_000;

/**
 * Quick levels so start-up stays short; the kept bytes are recompressed at the best levels in
 * the background right after (same ETag: weak validators allow equivalent bodies). The build
 * precompresses the static files with the best levels too (scripts/build.ts).
 */
export async function compress(html: Buffer, best: boolean): Promise<Record<PageEncoding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotli(html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzipAsync(html, { level: best ? constants.Z_BEST_COMPRESSION : 6 }),
  ]);
  return { br, gzip: gz, identity: html };
}

/**
 * The eight pages, their query variants (`/Contact?sent=1`) and the not-found page as finished
 * bytes. Pages are static data, so after one render a URL is the same bytes for everyone; they
 * are filled by the streaming renderer (warm-up at start, or in the background after a miss)
 * and written by server/pageWriter.ts. Keys come from the route table (keptPageUrls), never
 * from a request: the set is bounded whatever URLs arrive (server/pageUrl.ts maps each
 * request to one of them). The not-found page is kept once, plus once per route it may suggest
 * (shared/suggest.ts): nine pages in all, whatever URLs arrive. test/server/cache.test.ts
 * renders it for two unknown URLs and holds them equal, so it is rendered once here.
 */
export class RenderCache {
  /** Every kept page by its key, the source of its validator: a page URL, or a not-found path (notFoundPath). */
  readonly #pages = new Map<string, CachedPage>();
  /** Kept at start-up: every page URL and the plain not-found page. */
  readonly #startUp = new Set([...keptPageUrls(), notFoundPath()]);
  /** The not-found page's copies with a suggestion (404, as the plain one), kept right after. */
  readonly #suggestions = siteRoutes.map((route) => notFoundPath(route));
  readonly #filling = new Map<string, Promise<void>>();
  readonly #failedAt = new Map<string, number>();
  #recompressed: Promise<void> = Promise.resolve();

  /** Filled by the streaming renderer's own code (render.ts renderToBuffer), with these deps. */
  constructor(private readonly deps: RenderDeps) {}

  /**
   * The kept page of a key: a page URL from server/pageUrl.ts (`/main`, `/Contact?sent=1`) or a
   * not-found path (notFoundPath); undefined while it is not kept (not rendered yet, or failed).
   */
  get(key: string): CachedPage | undefined {
    return this.#pages.get(key);
  }

  /** Every page kept: those of start-up and the not-found page's copies with a suggestion. */
  get kept(): number {
    return this.#pages.size;
  }

  /** Renders every route and the not-found page; resolves once all are kept (or failed). */
  async warmUp(): Promise<void> {
    await Promise.all([...this.#startUp].map((key) => this.#keep(key)));
    // The not-found page's copies with a suggestion, then the best compression: both off the
    // start-up path (zlib runs on the thread pool). A suggestion asked for before its copy is
    // kept is streamed meanwhile, at most once per route.
    this.#recompressed = Promise.all(this.#suggestions.map((key) => this.fill(key))).then(() => this.#recompress());
  }

  /**
   * Renders one kept page into the cache (after a miss). The not-found page's copies with a
   * suggestion only once the plain not-found page is kept, that is when the page does not vary
   * with the URL beyond its suggestion.
   */
  fill(key: string): Promise<void> {
    const suggests = this.#suggestions.includes(key) && this.#pages.has(notFoundPath());
    return this.#startUp.has(key) || suggests ? this.#keep(key) : Promise.resolve();
  }

  /**
   * Resolves once the kept bodies carry their best-level compression. Until then a page's bytes
   * may change under the same (weak) ETag: what a test comparing bytes waits for.
   */
  settled(): Promise<void> {
    // The not-found page's copies with a suggestion are kept by then too.
    return this.#recompressed;
  }

  /**
   * Renders the page of a key (its path) into the cache: a page URL with status 200, a not-found
   * path with 404; concurrent calls share one render, and one that failed is tried
   * again at most every RETRY_AFTER_MS (the page streams meanwhile).
   */
  #keep(key: string): Promise<void> {
    if (this.#pages.has(key)) return Promise.resolve();
    const running = this.#filling.get(key);
    if (running) return running;
    const failedAt = this.#failedAt.get(key);
    if (failedAt !== undefined && Date.now() - failedAt < RETRY_AFTER_MS) return Promise.resolve();
    const expected = key === notFoundPath() || this.#suggestions.includes(key) ? 404 : 200;
    const job = renderToBuffer(key, this.deps)
      .then(async ({ status, html, security }) => {
        if (status !== expected) throw new Error(`${key} rendered with status ${status}, expected ${expected}`);
        const etag = this.deps.etagFor(key);
        this.#pages.set(key, { status, etag, bodies: await compress(html, false), security });
        this.#failedAt.delete(key);
      })
      .catch((error: unknown) => {
        this.#failedAt.set(key, Date.now());
        this.deps.logger.error({ err: error, path: key }, "render cache: page not kept, it is streamed");
      })
      .finally(() => this.#filling.delete(key));
    this.#filling.set(key, job);
    return job;
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
