import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Logger } from "pino";
import { siteRoutes } from "../shared/site.ts";
import { chooseEncoding, etagMatches, HTML_CACHE_CONTROL, type PageEncoding } from "./httpCaching.ts";
import type { RenderedPage } from "./render.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One page as it goes on the wire: the same HTML in each encoding, with its validator. */
export interface CachedPage {
  status: number;
  etag: string;
  bodies: Record<PageEncoding, Buffer>;
}

export interface RenderCacheOptions {
  /** Renders a URL to memory through the streaming renderer (render.ts renderToBuffer). */
  renderPage(path: string): Promise<RenderedPage>;
  etagFor(url: string): string;
  /** Whether a pathname renders the not-found page (the router decides, not us). */
  isNotFoundPath(pathname: string): boolean;
  logger: Logger;
}

export interface PageHeaders {
  status: number;
  /** Name/value pairs, flat, as node's writeHead takes them. */
  headers: string[];
  body: Buffer | undefined;
}

/** Paths that render the not-found page; two of them tell whether its bytes depend on the URL. */
const NOT_FOUND_PROBES = ["/__render-cache-probe-a", "/__render-cache-probe-b/c"];
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

/** Pairs for a page response (security headers and request id are added by the caller). */
export function pageResponse(method: string | undefined, ifNoneMatch: string | undefined, acceptEncoding: string | undefined, page: CachedPage, etag: string): PageHeaders {
  if (etagMatches(ifNoneMatch, etag)) {
    return { status: 304, headers: ["Cache-Control", HTML_CACHE_CONTROL, "ETag", etag, "Vary", "Accept-Encoding"], body: undefined };
  }
  const encoding = chooseEncoding(acceptEncoding);
  const body = page.bodies[encoding];
  const headers = [
    "Content-Type", "text/html; charset=utf-8",
    "Cache-Control", HTML_CACHE_CONTROL,
    "ETag", etag,
    "Vary", "Accept-Encoding",
    "Content-Length", String(body.length),
  ];
  if (encoding !== "identity") headers.push("Content-Encoding", encoding);
  return { status: page.status, headers, body: method === "HEAD" ? undefined : body };
}

/**
 * The eight pages (and the not-found page) as finished bytes. Pages are static data, so after
 * one render a URL is the same bytes for everyone; they are filled by the streaming renderer
 * (warm-up at start, or in the background after a miss) and answered without rendering.
 * Only canonical paths are kept (/Category, not /category): the set stays bounded.
 */
export class RenderCache {
  readonly #options: RenderCacheOptions;
  readonly #routes = new Map<string, CachedPage>();
  readonly #routePaths = new Set(siteRoutes.map((r) => r.path));
  readonly #filling = new Map<string, Promise<void>>();
  readonly #failedAt = new Map<string, number>();
  #notFound: CachedPage | undefined;

  constructor(options: RenderCacheOptions) {
    this.#options = options;
  }

  /** The kept page of a canonical route path, exactly as requested (no query string). */
  route(url: string): CachedPage | undefined {
    return this.#routes.get(url);
  }

  get size(): number {
    return this.#routes.size + (this.#notFound ? 1 : 0);
  }

  /**
   * Answers a GET/HEAD without a query string from the cache, as an Express handler would
   * (security headers and request id are already on `res`). False when the URL is not kept:
   * the caller streams it, and a canonical route is filled for next time.
   */
  serve(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.originalUrl ?? req.url ?? "/";
    if (url.includes("?")) return false;
    let page = this.#routes.get(url);
    let etag = page?.etag;
    if (!page) {
      if (this.#routePaths.has(url)) {
        void this.fill(url);
        return false;
      }
      if (!this.#notFound || !this.#isNotFound(url)) return false;
      page = this.#notFound;
      etag = this.#options.etagFor(url);
    }
    const answer = pageResponse(req.method, req.headers["if-none-match"], req.headers["accept-encoding"], page, etag!);
    res.statusCode = answer.status;
    for (let i = 0; i < answer.headers.length; i += 2) res.setHeader(answer.headers[i]!, answer.headers[i + 1]!);
    res.end(answer.body);
    return true;
  }

  /** Renders every route and the not-found page; resolves once all are kept (or failed). */
  async warmUp(): Promise<void> {
    await Promise.all([...[...this.#routePaths].map((path) => this.fill(path)), this.#fillNotFound()]);
    // Best compression off the start-up path: zlib runs on the thread pool.
    void this.#recompress();
  }

  /** Renders one canonical route path into the cache; concurrent calls share one render. */
  fill(path: string): Promise<void> {
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
    const { status, html } = await this.#options.renderPage(path);
    if (status !== expectedStatus) throw new Error(`${path} rendered with status ${status}, expected ${expectedStatus}`);
    return { status, etag: this.#options.etagFor(path), bodies: await compress(html, false) };
  }

  /** The not-found page is kept once for every unknown URL, only if it does not vary with it. */
  async #fillNotFound(): Promise<void> {
    try {
      const [a, b] = await Promise.all(NOT_FOUND_PROBES.map((path) => this.#options.renderPage(path)));
      if (a!.status !== 404 || b!.status !== 404) throw new Error(`the not-found probes rendered ${a!.status}/${b!.status}`);
      if (!a!.html.equals(b!.html)) {
        this.#options.logger.info("render cache: the not-found page varies with the URL, it is streamed");
        return;
      }
      this.#notFound = { status: 404, etag: "", bodies: await compress(a!.html, false) };
    } catch (error) {
      this.#options.logger.error({ err: error }, "render cache: not-found page not kept, it is streamed");
    }
  }

  #isNotFound(url: string): boolean {
    // Same parsing as the streaming path (toFetchRequest): `//x` is a host, not a path.
    try {
      return this.#options.isNotFoundPath(new URL(url, "http://localhost").pathname);
    } catch {
      return false;
    }
  }

  async #recompress(): Promise<void> {
    try {
      for (const [path, page] of this.#routes) {
        this.#routes.set(path, { ...page, bodies: await compress(page.bodies.identity, true) });
      }
      if (this.#notFound) this.#notFound = { ...this.#notFound, bodies: await compress(this.#notFound.bodies.identity, true) };
    } catch (error) {
      this.#options.logger.warn({ err: error }, "render cache: best-level recompression failed; quick levels kept");
    }
  }
}
