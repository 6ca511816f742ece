import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Logger } from "pino";
import { keptPageUrls, routeById, siteRoutes, type RouteId } from "../shared/site.ts";
import { suggestionProbe } from "../shared/suggest.ts";
import type { PageEncoding } from "./httpCaching.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One page as it goes on the wire: the same HTML in each encoding, with its validator. */
export interface CachedPage {
  status: number;
  etag: string;
  bodies: Record<PageEncoding, Buffer>;
  /** Its security headers: the CSP allows the page's own inline style by hash. */
  security: readonly string[];
}

/** A page rendered to memory (render.ts renderToBuffer), before it is compressed and kept. */
export interface RenderedPage {
  status: number;
  html: Buffer;
  /** The security headers to send with it (its CSP names its inline style's hash). */
  security: readonly string[];
}

export interface RenderCacheOptions {
  /** Renders a URL to memory through the streaming renderer (render.ts renderToBuffer). */
  renderPage(path: string): Promise<RenderedPage>;
  etagFor(url: string): string;
  logger: Logger;
}

/** Paths that render the not-found page: the first is kept; test/server/cache.test.ts shows both give the same bytes. */
export const NOT_FOUND_PROBES = ["/__render-cache-probe-a", "/__render-cache-probe-b/c"];
/** What the kept not-found page's validator is computed from (no URL can be this string). */
export const NOT_FOUND_KEY = " not-found";
/** The validator's source of the not-found page that suggests a route (shared/suggest.ts). */
export const notFoundKey = (suggestion?: RouteId) => (suggestion ? `${NOT_FOUND_KEY} ${suggestion}` : NOT_FOUND_KEY);
/** A page that failed to render is tried again at most this often (it streams meanwhile). */
const RETRY_AFTER_MS = 30_000;

/**
 * Quick levels so start-up stays short; the kept bytes are recompressed at the best levels in
 * the background right after (same ETag: weak validators allow equivalent bodies).
 */
async function compress(html: Buffer, best: boolean): Promise<Record<PageEncoding, Buffer>> {
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
 * request to one of them).
 */
export class RenderCache {
  readonly #options: RenderCacheOptions;
  readonly #routes = new Map<string, CachedPage>();
  readonly #keys = new Set(keptPageUrls());
  readonly #filling = new Map<string, Promise<void>>();
  readonly #failedAt = new Map<string, number>();
  #notFound: CachedPage | undefined;
  /** The not-found page once per route it may suggest: nine pages in all, whatever URLs arrive. */
  readonly #suggesting = new Map<RouteId, CachedPage>();
  #recompressed: Promise<void> = Promise.resolve();

  constructor(options: RenderCacheOptions) {
    this.#options = options;
  }

  /** The kept page of a key from server/pageUrl.ts (`/main`, `/Contact?sent=1`). */
  route(key: string): CachedPage | undefined {
    return this.#routes.get(key);
  }

  /** The kept not-found page (undefined when it varies with the URL or failed to render). */
  get notFound(): CachedPage | undefined {
    return this.#notFound;
  }

  /**
   * The kept not-found page that suggests a route (server/frontDoor.ts picks it from the path with
   * shared/suggest.ts), or undefined while it is not kept yet: the front door then streams that
   * page once and asks for it to be kept (fillSuggestion).
   */
  notFoundSuggesting(suggestion: RouteId): CachedPage | undefined {
    return this.#suggesting.get(suggestion);
  }

  /** The pages kept at start-up: every route's, its variants' and the plain not-found page. */
  get size(): number {
    return this.#routes.size + (this.#notFound ? 1 : 0);
  }

  /** Every page kept: those of start-up and the not-found page's copies with a suggestion. */
  get kept(): number {
    return this.size + this.#suggesting.size;
  }

  /** Renders every route and the not-found page; resolves once all are kept (or failed). */
  async warmUp(): Promise<void> {
    await Promise.all([...[...this.#keys].map((path) => this.fill(path)), this.#fillNotFound()]);
    // The not-found page's copies with a suggestion, then the best compression: both off the
    // start-up path (zlib runs on the thread pool). A suggestion asked for before its copy is
    // kept is streamed meanwhile, at most once per route.
    this.#recompressed = Promise.all(siteRoutes.map((route) => this.fillSuggestion(route.id))).then(() =>
      this.#recompress(),
    );
  }

  /**
   * Keeps the not-found page that suggests a route, rendered from a path that suggests it
   * (shared/suggest.ts suggestionProbe); concurrent calls share one render. Only when the plain
   * not-found page is kept, that is when the page does not vary with the URL beyond its suggestion.
   */
  fillSuggestion(id: RouteId): Promise<void> {
    const key = notFoundKey(id);
    if (!this.#notFound || this.#suggesting.has(id)) return Promise.resolve();
    const running = this.#filling.get(key);
    if (running) return running;
    const failedAt = this.#failedAt.get(key);
    if (failedAt !== undefined && Date.now() - failedAt < RETRY_AFTER_MS) return Promise.resolve();
    const probe = suggestionProbe(routeById(id));
    const job = this.#options
      .renderPage(probe)
      .then(async ({ status, html, security }) => {
        if (status !== 404) throw new Error(`${probe} rendered with status ${status}, expected 404`);
        this.#suggesting.set(id, {
          status,
          etag: this.#options.etagFor(key),
          bodies: await compress(html, false),
          security,
        });
        this.#failedAt.delete(key);
      })
      .catch((error: unknown) => {
        this.#failedAt.set(key, Date.now());
        this.#options.logger.error(
          { err: error, path: probe },
          "render cache: not-found page not kept, it is streamed",
        );
      })
      .finally(() => this.#filling.delete(key));
    this.#filling.set(key, job);
    return job;
  }

  /**
   * Resolves once the kept bodies carry their best-level compression. Until then a page's bytes
   * may change under the same (weak) ETag: what a test comparing bytes waits for.
   */
  settled(): Promise<void> {
    // The not-found page's copies with a suggestion are kept by then too.
    return this.#recompressed;
  }

  /** Renders one key into the cache; concurrent calls share one render. */
  fill(path: string): Promise<void> {
    if (!this.#keys.has(path)) return Promise.resolve();
    const running = this.#filling.get(path);
    if (running) return running;
    const failedAt = this.#failedAt.get(path);
    if (failedAt !== undefined && Date.now() - failedAt < RETRY_AFTER_MS) return Promise.resolve();
    const job = this.#render(path, 200)
      .then((page) => {
        this.#routes.set(path, page);
        this.#failedAt.delete(path);
      })
      .catch((error: unknown) => {
        this.#failedAt.set(path, Date.now());
        this.#options.logger.error({ err: error, path }, "render cache: page not kept, it is streamed");
      })
      .finally(() => this.#filling.delete(path));
    this.#filling.set(path, job);
    return job;
  }

  async #render(path: string, expectedStatus: number): Promise<CachedPage> {
    const { status, html, security } = await this.#options.renderPage(path);
    if (status !== expectedStatus)
      throw new Error(`${path} rendered with status ${status}, expected ${expectedStatus}`);
    return { status, etag: this.#options.etagFor(path), bodies: await compress(html, false), security };
  }

  /**
   * The not-found page, kept once for every unknown URL: it does not vary with the URL beyond its
   * suggestion (a copy per route it can suggest is kept too, fillSuggestion).
   * test/server/cache.test.ts renders it for two unknown URLs and holds them equal, so it is
   * rendered once here.
   */
  async #fillNotFound(): Promise<void> {
    try {
      const page = await this.#options.renderPage(NOT_FOUND_PROBES[0]!);
      if (page.status !== 404) throw new Error(`the not-found page rendered ${page.status}`);
      this.#notFound = {
        status: 404,
        etag: this.#options.etagFor(NOT_FOUND_KEY),
        bodies: await compress(page.html, false),
        security: page.security,
      };
    } catch (error) {
      this.#options.logger.error({ err: error }, "render cache: not-found page not kept, it is streamed");
    }
  }

  async #recompress(): Promise<void> {
    try {
      for (const [path, page] of this.#routes) {
        this.#routes.set(path, { ...page, bodies: await compress(page.bodies.identity, true) });
      }
      if (this.#notFound)
        this.#notFound = { ...this.#notFound, bodies: await compress(this.#notFound.bodies.identity, true) };
      for (const [id, page] of this.#suggesting)
        this.#suggesting.set(id, { ...page, bodies: await compress(page.bodies.identity, true) });
    } catch (error) {
      this.#options.logger.warn({ err: error }, "render cache: best-level recompression failed; quick levels kept");
    }
  }
}
