import type { IncomingMessage, ServerResponse } from "node:http";
import type { Config } from "./config.ts";
import { createLogger } from "./logger.ts";
import { createAccessLog } from "./accessLog.ts";
import { createExpressApp, type ExpressDeps } from "./app.ts";
import { createPages, type PagesDeps } from "./pages.ts";
import { isAppPath } from "./pageUrl.ts";
import type { RenderCache } from "./renderCache.ts";
import { identifyRequest } from "./requestContext.ts";

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

/**
 * The one way in: what node:http serves (server/main.ts) and what every server test runs.
 * Every GET/HEAD of a page path (any spelling, any query, any unknown path) goes to the front
 * door (server/frontDoor.ts), which answers from the kept pages without Express: Express's
 * per-request pipeline costs more than writing a kept page (docs/decisions/004-render-cache.md).
 * Files, health, the API and every other method go to Express (server/app.ts), once the
 * request has its id, its logger and the security headers: the set the page writer puts on
 * every page, recorded from helmet once (server/securityHeaderSet.ts). Whichever answered, the
 * request gets one access-log line and one observation in the metrics when it is done.
 */
export function createHandler(config: Config, deps: Partial<SiteDeps> = {}): SiteHandler {
  const logger = deps.logger ?? createLogger(config.LOG_LEVEL);
  const pages = createPages(config, { ...deps, logger });
  const app = createExpressApp(config, { ...deps, logger }, pages);
  const { frontDoor, renderCache } = pages;
  const security = pages.renderDeps.securityHeaders;
  const accessLog = createAccessLog(logger);
  const metrics = deps.metrics;
  const timed = accessLog !== undefined || metrics !== undefined;

  const handler = ((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url!;
    const started = timed ? performance.now() : 0;
    if ((req.method === "GET" || req.method === "HEAD") && !isAppPath(url)) frontDoor(req, res);
    else {
      identifyRequest(req, res, logger);
      for (let i = 0; i < security.length; i += 2) res.setHeader(security[i]!, security[i + 1]!);
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
  handler.renderCache = renderCache;
  handler.warmUp = async () => {
    await renderCache?.warmUp();
  };
  handler.flushAccessLog = () => accessLog?.flush();
  return handler;
}
