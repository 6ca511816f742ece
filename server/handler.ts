import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, relative, sep } from "node:path";
import type { Config } from "./config.ts";
import { createLogger, requestLogger } from "./logger.ts";
import { createAccessLog } from "./accessLog.ts";
import { createExpressApp, type ExpressDeps } from "./app.ts";
import { createPages, type PagesDeps } from "./pages.ts";
import { setHeaders } from "./pageWriter.ts";
import type { RenderCache } from "./renderCache.ts";

/** What the server is made with (main.ts passes its own; tests, what they need to control). */
export type SiteDeps = ExpressDeps & PagesDeps;

export interface SiteHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  renderCache: RenderCache | undefined;
  /** Fills the render cache (every route, its variants and the not-found page); resolves when done. */
  warmUp(): Promise<void>;
  /** Hands the access-log lines held for this event-loop turn to the logger (before the process exits). */
  flushAccessLog(): void;
}

const SAFE_ID = /^[\w.:-]{1,128}$/;

/** The load balancer's X-Request-Id when it is sane, else a new one. */
export function pickRequestId(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/** The URL path of every file of the build (hashed assets, and public/ as it is served), read once at start. */
export function buildFiles(clientDir: string): Set<string> {
  const files = new Set<string>();
  for (const [folder, prefix] of [
    ["assets", "/assets/"],
    ["public", "/"],
  ] as const) {
    const root = join(clientDir, folder);
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) files.add(prefix + relative(root, join(entry.parentPath, entry.name)).split(sep).join("/"));
  }
  return files;
}

/** The path of a request target, without its query. */
const pathOf = (url: string) => {
  const end = url.indexOf("?");
  return end === -1 ? url : url.slice(0, end);
};

/**
 * The request path: what node:http serves (server/main.ts) and what every server test runs, one
 * ordered fall-through. Every request first gets its id (the balancer's when sane) and the
 * security headers (the set recorded from helmet once, server/securityHeaderSet.ts), here and
 * nowhere else. Then, for a GET or HEAD:
 *   1. a file of the build (hashed assets, public/): Express's static files, precompressed;
 *   2. a page path, in any spelling and with any query: its kept page or a redirect, written
 *      without Express (server/pages.ts; Express's per-request pipeline costs more than writing a
 *      kept page, docs/decisions/004-render-cache.md). A path that is no page is declined;
 * and for everything else:
 *   3. Express (server/app.ts): health, robots and sitemap, security.txt, the API, the Contact
 *      page's POST;
 *   4. not found: Express's last handler, the not-found page (a plain 404 for a file name).
 * Compression: pages are written in the encoding chosen for them, files are precompressed by the
 * build, and the rest (JSON, a few short texts) goes as it is. Whichever step answered, the
 * request gets one access-log line and one observation in the metrics when it is done.
 */
export function createHandler(config: Config, deps: Partial<SiteDeps> = {}): SiteHandler {
  const logger = deps.logger ?? createLogger(config.LOG_LEVEL);
  const pages = createPages(config, { ...deps, logger });
  const app = createExpressApp(config, { ...deps, logger }, pages);
  const files = buildFiles(config.CLIENT_DIR);
  const security = pages.renderDeps.securityHeaders;
  const accessLog = createAccessLog(logger);
  const metrics = deps.metrics;
  const timed = accessLog !== undefined || metrics !== undefined;

  const handler = ((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url!;
    const started = timed ? performance.now() : 0;
    const id = (req.id = pickRequestId(req));
    const read = req.method === "GET" || req.method === "HEAD";
    // A page writes the id and its security set in its one writeHead (server/pageWriter.ts: a
    // header set before it sends Node's writeHead down a slow path); the rest gets them here.
    if (!read || files.has(pathOf(url)) || !pages.answer(req, res, ["X-Request-Id", id])) {
      setHeaders(res, ["X-Request-Id", id, ...security]);
      requestLogger(req, logger);
      app(req, res);
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
  }) as SiteHandler;
  handler.renderCache = pages.renderCache;
  handler.warmUp = async () => {
    await pages.renderCache?.warmUp();
  };
  handler.flushAccessLog = () => accessLog?.flush();
  return handler;
}
