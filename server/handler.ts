import type { IncomingMessage, ServerResponse } from "node:http";
import type { Express } from "express";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import { createApp, type AppDeps } from "./app.ts";
import { createLogger } from "./logger.ts";
import { createAccessLog } from "./accessLog.ts";
import { pickRequestId } from "./requestId.ts";
import type { RenderCache } from "./renderCache.ts";
import { pageResponse } from "./renderCache.ts";
import { securityHeaderSet } from "./securityHeaderSet.ts";

export interface SiteHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  app: Express;
  renderCache: RenderCache | undefined;
  /** Fills the render cache (every route and the not-found page); resolves when done. */
  warmUp(): Promise<void>;
  /** Hands the fast path's held access-log lines to the logger (before the process exits). */
  flushAccessLog(): void;
}

/**
 * What node:http serves: kept pages answered before Express, everything else by the app.
 * Express's per-request pipeline costs more than the page itself (DESIGN.md, known pitfalls),
 * so a GET/HEAD of a canonical page path without a query string, once kept, is written here
 * with the headers the pipeline would set (security headers recorded from the same middleware,
 * request id, caching, encoding) and one access-log line of the same shape as pino-http's.
 */
export function createHandler(config: Config, deps: Partial<AppDeps> = {}): SiteHandler {
  const logger: Logger = deps.logger ?? createLogger(config.LOG_LEVEL);
  const app = createApp(config, { ...deps, logger });
  const renderCache = app.locals.renderCache as RenderCache | undefined;
  const security = securityHeaderSet(app.locals.inlineStyleSources as string[] | undefined).flat();
  const accessLog = createAccessLog(logger);

  const handler = ((req: IncomingMessage, res: ServerResponse) => {
    const page = renderCache && (req.method === "GET" || req.method === "HEAD") ? renderCache.route(req.url!) : undefined;
    if (!page) return void app(req, res);
    const started = accessLog ? performance.now() : 0;
    const id = pickRequestId(req);
    const answer = pageResponse(req.method, req.headers["if-none-match"], req.headers["accept-encoding"], page, page.etag);
    res.writeHead(answer.status, ["X-Request-Id", id, ...security, ...answer.headers]);
    res.end(answer.body);
    accessLog?.(id, req.method!, req.url!, answer.status, Math.round(performance.now() - started));
  }) as SiteHandler;
  handler.app = app;
  handler.renderCache = renderCache;
  handler.warmUp = async () => {
    await renderCache?.warmUp();
  };
  handler.flushAccessLog = () => accessLog?.flush();
  return handler;
}
