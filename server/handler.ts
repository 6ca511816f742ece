import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Config } from "./config.ts";
import { createLogger } from "./logger.ts";
import { createAccessLog } from "./accessLog.ts";
import { createExpressApp, type ExpressDeps } from "./app.ts";
import { classifyUrl, pathOf } from "./pageUrl.ts";
import { setHeaders, writePage, type PageAnswer } from "./pageWriter.ts";
import { baseSecurityHeaders as security } from "./security.ts";
import { createRenderDeps, streamRender, type StreamOptions } from "./render.ts";
import { notFoundPath, RenderCache } from "./renderCache.ts";
import { suggestRoute } from "../shared/suggest.ts";

/** What the server is made with (main.ts passes its own; tests, what they need to control). */
export type SiteDeps = ExpressDeps & {
  /** Streaming renders in flight before a new one is answered 503 (default MAX_STREAMING_RENDERS). */
  maxStreamingRenders?: number;
};

/** An X-Request-Id the load balancer may give: kept when it is this sane, else a new one. */
const SAFE_ID = /^[\w.:-]{1,128}$/;

/** A path that names a file (has an extension): no page, so a missing one is a plain 404. */
const FILE_NAME = /\.[a-z0-9]{1,11}$/i;

const PLAIN_404 = ["Content-Type", "text/plain; charset=utf-8", "Content-Length", "9", "Cache-Control", "no-store"];

/**
 * The request path: what node:http serves (server/main.ts) and what every server test runs, one
 * ordered fall-through. Every request first gets its id (the balancer's when sane) and the
 * security headers (the set recorded from helmet once, securityHeaderSet in server/security.ts), here and
 * nowhere else. Then:
 *   1. a GET or HEAD of a page path, in any spelling and with any query: its kept page (as the
 *      build rendered it, server/renderCache.ts) or a redirect, written here without Express
 *      (its per-request pipeline costs more than writing a kept page,
 *      docs/decisions/004-render-cache.md). A path that is no page is declined;
 *   2. Express (server/app.ts): the build's files (hashed assets, public/; precompressed), health,
 *      robots and sitemap, security.txt, the API, the Contact page's POST. A GET or HEAD goes
 *      there only when it is one of Express's (takesGet: its files and the GET routes it
 *      mounted), and any other method always; what none of its routes takes, it declines;
 *   3. not found: a GET or HEAD gets the not-found page (kept: no render per unknown URL), a
 *      file name or another method a plain 404.
 * Steps 1 and 3 write their answers without Express, so a flood of unknown paths costs about
 * what a kept page costs, plus its suggestion (npm run bench).
 * Compression: pages are written in the encoding chosen for them, files are precompressed by the
 * build, and the rest (JSON, a few short texts) goes as it is. Whichever step answered, the
 * request gets one access-log line and one observation in the metrics when it is done.
 */
export function createHandler(config: Config, deps: Partial<SiteDeps> = {}) {
  const logger = deps.logger ?? createLogger(config.LOG_LEVEL);
  const renderDeps = createRenderDeps(config, logger, deps.metrics, deps.maxStreamingRenders);
  // The build's pages, kept as bytes. Off: every page goes through the streaming renderer
  // (debugging, benchmarking, the dev loop).
  const cache = config.RENDER_CACHE === "off" ? undefined : new RenderCache(renderDeps, config.CLIENT_DIR);
  const express = createExpressApp(config, { ...deps, logger }, renderDeps);
  // Express's app is a (req, res, next) handler of plain node:http objects (it upgrades them
  // itself); its types declare `next` only for requests it has upgraded already.
  const app = express.app as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  const accessLog = createAccessLog(logger);
  const metrics = deps.metrics;
  const timed = accessLog !== undefined || metrics !== undefined;
  const write = (req: IncomingMessage, res: ServerResponse, answer: PageAnswer, own?: readonly string[]) =>
    writePage(req, res, answer, renderDeps.cacheControl, own);

  /**
   * A page not kept (RENDER_CACHE=off) is streamed. A render writes its headers as it goes: the
   * request's own are set on `res` first. One that threw before its shell is answered, so the
   * client is not left waiting.
   */
  const stream = (req: IncomingMessage, res: ServerResponse, key: string, options: StreamOptions, own?: string[]) => {
    if (own) setHeaders(res, [...own, ...security]);
    streamRender(req, res, renderDeps, key, options).catch((error: unknown) => {
      logger.error({ err: error, url: req.url }, "page render failed");
      if (res.headersSent) return void res.destroy();
      write(req, res, { kind: "failed", error: renderDeps.showErrors ? error : undefined });
    });
  };

  /**
   * 1. A page path in any spelling: its kept page (or a render), a redirect, or the not-found
   * page with 400 for a malformed path. False, having written nothing, for a path that is no page.
   */
  const page = (req: IncomingMessage, res: ServerResponse, own: string[]): boolean => {
    const url = classifyUrl(req.url!);
    if (url.kind === "notFound") return false;
    if (url.kind === "redirect") write(req, res, { kind: "redirect", location: url.location }, own);
    else if (url.kind === "badRequest") notFound(req, res, req.url!, own, 400);
    else {
      const kept = cache?.get(url.key);
      if (kept) write(req, res, { kind: "kept", page: kept }, own);
      else stream(req, res, url.key, { etag: renderDeps.etagFor(url.key) }, own);
    }
    return true;
  };

  /**
   * 3. The not-found page for a GET or HEAD of what could be a page (a plain 404 otherwise),
   * with 400 for a malformed path. An unknown path gets the copy that suggests the page it most
   * likely meant (shared/suggest.ts: a few microseconds on a path of at most 40 letters), one of
   * nine kept pages: no render per URL. `own`: the request's own headers when none is set on
   * `res` yet.
   */
  const notFound = (req: IncomingMessage, res: ServerResponse, url: string, own?: string[], status?: 400) => {
    const path = pathOf(url);
    if ((req.method !== "GET" && req.method !== "HEAD") || FILE_NAME.test(path))
      return void res.writeHead(404, [...(own ? [...own, ...security] : []), ...PLAIN_404]).end("Not found");
    const key = notFoundPath(status ? undefined : suggestRoute(path));
    const kept = cache?.get(key);
    if (kept)
      return write(req, res, { kind: "kept", page: kept, ...(status ? { status, cacheable: false } : {}) }, own);
    // The same validator as the kept not-found page, which is the same for every unknown URL
    // with the same suggestion.
    const options = status ? { status } : { etag: renderDeps.etagFor(key), expectedStatus: 404 };
    stream(req, res, key, options, own);
  };

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url!;
    const started = timed ? performance.now() : 0;
    const given = req.headers["x-request-id"];
    const id = (req.id = typeof given === "string" && SAFE_ID.test(given) ? given : randomUUID());
    const read = req.method === "GET" || req.method === "HEAD";
    // An answer written here puts the id and its security set in its one writeHead
    // (server/pageWriter.ts: a header set before it sends Node's writeHead down a slow path);
    // Express's answers get them set before it runs.
    const own = ["X-Request-Id", id];
    if (read && !express.takesGet(pathOf(url))) {
      if (!page(req, res, own)) notFound(req, res, url, own);
    } else {
      setHeaders(res, [...own, ...security]);
      app(req, res, () => notFound(req, res, url));
    }
    if (!timed) return;
    const done = (aborted: boolean) => {
      const ms = performance.now() - started;
      metrics?.observeRequest(url, req.method!, res.statusCode, ms / 1000);
      accessLog?.(req, res, url, Math.round(ms), aborted);
    };
    // Kept pages are written synchronously; anything else is logged and counted once it is done,
    // or once the client has gone before it was.
    if (res.writableEnded) done(false);
    else res.once("close", () => done(!res.writableFinished));
  };
  return Object.assign(handler, {
    renderCache: cache,
    /** Hands the access-log lines held for this event-loop turn to the logger (before the process exits). */
    flushAccessLog: () => accessLog?.flush(),
  });
}

export type SiteHandler = ReturnType<typeof createHandler>;
