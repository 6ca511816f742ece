import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import { createPageAssets, readManifest } from "./assets.ts";
import { createEtagFor, MAX_STREAMING_RENDERS, streamRender, type RenderDeps, type StreamOptions } from "./render.ts";
import { NOT_FOUND_PROBES, notFoundKey, RenderCache } from "./renderCache.ts";
import { securityHeaderSet } from "./security.ts";
import { htmlCacheControl } from "./httpCaching.ts";
import { classifyUrl } from "./pageUrl.ts";
import { setHeaders, writePage, type PageAnswer, type RequestHeaders } from "./pageWriter.ts";
import type { Metrics } from "./metrics.ts";
import { suggestionProbe, suggestRoute } from "../shared/suggest.ts";

export interface PagesDeps {
  logger: Logger;
  /** Streaming renders in flight before a new one is answered 503 (default MAX_STREAMING_RENDERS). */
  maxStreamingRenders?: number;
  /** Counts renders (server/metrics.ts); unset: nothing counted. */
  metrics?: Pick<Metrics, "pageRendered"> | undefined;
}

type PageRequest = IncomingMessage & { originalUrl?: string };

/** Everything that answers pages, made once per server. */
export interface Pages {
  /** How pages render, with their security headers: also the contact form's re-render. */
  renderDeps: RenderDeps;
  /** Kept pages; undefined with RENDER_CACHE=off (every page then streams, under the cap). */
  renderCache: RenderCache | undefined;
  /**
   * A GET or HEAD of a page path, in any spelling and with any query: its kept page, a redirect,
   * or the site's 400 page for a malformed path. False, having written nothing, for a path that
   * is no page: the request goes on (server/handler.ts).
   */
  answer(req: PageRequest, res: ServerResponse, own: readonly string[]): boolean;
  /**
   * The not-found page: what no step of the request path took (server/handler.ts). `own`: the
   * request's own headers when none is set on `res` yet (as for answer).
   */
  notFound(req: PageRequest, res: ServerResponse, own?: readonly string[]): void;
}

/** The path of a request target, without its query. */
const pathOf = (url: string) => {
  const end = url.indexOf("?");
  return end === -1 ? url : url.slice(0, end);
};

/**
 * The renderer, the kept pages, and the answers to page requests: the URL is classified from
 * the path and query alone (server/pageUrl.ts), then answered from the kept pages by writePage.
 * A page only renders when it is not kept yet (start-up, a failed render, RENDER_CACHE=off);
 * the cache is filled for next time meanwhile.
 */
export function createPages(config: Config, deps: PagesDeps): Pages {
  const manifest = readManifest(config.CLIENT_DIR);
  const pageConfig = { mainSiteUrl: config.MAIN_SITE_URL, siteUrl: config.SITE_URL };
  const renderDeps: RenderDeps = {
    manifest,
    config: pageConfig,
    timeoutMs: config.RENDER_TIMEOUT_MS,
    logger: deps.logger,
    etagFor: createEtagFor(manifest, pageConfig),
    streams: { inFlight: 0, max: deps.maxStreamingRenders ?? MAX_STREAMING_RENDERS },
    // The base set every answer gets (server/handler.ts sets it on each before any step).
    securityHeaders: securityHeaderSet().flat(),
    cacheControl: htmlCacheControl(config.HTML_CACHE_SECONDS, config.HTML_STALE_SECONDS),
    onRender: deps.metrics && ((kind) => deps.metrics!.pageRendered(kind)),
    pageAssets: createPageAssets(manifest),
    showErrors: config.NODE_ENV === "development",
  };
  // Off: every page goes through the streaming renderer (debugging, benchmarking).
  const cache = config.RENDER_CACHE === "off" ? undefined : new RenderCache(renderDeps);
  const write = (req: IncomingMessage, res: ServerResponse, answer: PageAnswer, fresh?: RequestHeaders) =>
    writePage(req, res, answer, renderDeps.cacheControl, fresh);
  /** A render writes its headers as it goes: the request's own are set on `res` first. */
  const setFresh = (res: ServerResponse, fresh: RequestHeaders | undefined) => {
    if (fresh) setHeaders(res, [...fresh.own, ...fresh.security]);
  };

  /** A render that threw before its shell: answered, so the client is not left waiting. */
  const stream = (req: IncomingMessage, res: ServerResponse, path: string, options: StreamOptions) =>
    streamRender(req, res, renderDeps, path, options).catch((error: unknown) => {
      renderDeps.logger.error({ err: error, url: req.url }, "page render failed");
      if (res.headersSent) return void res.destroy();
      write(req, res, { kind: "failed", error: renderDeps.showErrors ? error : undefined });
    });

  /**
   * The not-found page, kept or streamed; with another status for a malformed URL. An unknown
   * path gets the copy that suggests the page it most likely meant (shared/suggest.ts: a few
   * microseconds on a path of at most 40 letters), one of nine kept pages: no render per URL.
   */
  const notFound = (req: PageRequest, res: ServerResponse, status?: 400, fresh?: RequestHeaders) => {
    const suggestion = status ? undefined : suggestRoute(pathOf(req.originalUrl ?? req.url ?? "/"));
    const page = suggestion ? cache?.notFoundSuggesting(suggestion.id) : cache?.notFound;
    if (suggestion && !page) void cache?.fillSuggestion(suggestion.id);
    if (page) return write(req, res, { kind: "kept", page, ...(status ? { status, cacheable: false } : {}) }, fresh);
    setFresh(res, fresh);
    // The same validator as the kept not-found page, which is the same for every unknown URL
    // with the same suggestion.
    const probe = suggestion ? suggestionProbe(suggestion) : NOT_FOUND_PROBES[0]!;
    void stream(
      req,
      res,
      probe,
      status ? { status } : { etag: renderDeps.etagFor(notFoundKey(suggestion?.id)), expectedStatus: 404 },
    );
  };

  const answer = (req: PageRequest, res: ServerResponse, own: readonly string[]): boolean => {
    const url = classifyUrl(req.originalUrl ?? req.url ?? "/");
    if (url.kind === "notFound") return false;
    const fresh = { own, security: renderDeps.securityHeaders };
    if (url.kind === "redirect") write(req, res, { kind: "redirect", status: 301, location: url.location }, fresh);
    else if (url.kind === "badRequest") notFound(req, res, 400, fresh);
    else {
      const page = cache?.route(url.key);
      if (page) write(req, res, { kind: "kept", page }, fresh);
      else {
        void cache?.fill(url.key);
        setFresh(res, fresh);
        void stream(req, res, url.key, { etag: renderDeps.etagFor(url.key) });
      }
    }
    return true;
  };

  return {
    renderDeps,
    renderCache: cache,
    answer,
    notFound: (req, res, own) => notFound(req, res, undefined, own && { own, security: renderDeps.securityHeaders }),
  };
}
