import type { IncomingMessage, ServerResponse } from "node:http";
import type { Express } from "express";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import { createApp, type AppDeps } from "./app.ts";
import { createLogger } from "./logger.ts";
import { createAccessLog } from "./accessLog.ts";
import type { FrontDoor } from "./frontDoor.ts";
import { isAppPath } from "./pageUrl.ts";
import { pageResponses } from "./pageWriter.ts";
import type { RenderCache } from "./renderCache.ts";

export interface SiteHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  app: Express;
  renderCache: RenderCache | undefined;
  /** Fills the render cache (every route, its variants and the not-found page); resolves when done. */
  warmUp(): Promise<void>;
  /** Hands the fast path's held access-log lines to the logger (before the process exits). */
  flushAccessLog(): void;
}

/**
 * What node:http serves. Every GET/HEAD for a page path (any spelling, any query, any unknown
 * path) goes to the front door (server/frontDoor.ts) before Express: Express's per-request
 * pipeline costs more than writing a kept page (docs/decisions/004-render-cache.md). Files,
 * health, the API and every other method go to the app. The front door's answers get one
 * access-log line each, of the same shape as pino-http's.
 */
export function createHandler(config: Config, deps: Partial<AppDeps> = {}): SiteHandler {
  const logger: Logger = deps.logger ?? createLogger(config.LOG_LEVEL);
  const app = createApp(config, { ...deps, logger });
  const renderCache = app.locals.renderCache as RenderCache | undefined;
  const frontDoor = app.locals.frontDoor as FrontDoor;
  const accessLog = createAccessLog(logger);

  const metrics = deps.metrics;
  /** Every answer, whichever path wrote it, in the request-duration histogram. */
  const observe = (req: IncomingMessage, res: ServerResponse, url: string, started: number) => {
    if (!metrics) return;
    const record = () => metrics.observeRequest(url, req.method!, res.statusCode, (performance.now() - started) / 1000);
    // Kept pages are written synchronously; anything else is counted when it is done.
    if (res.writableEnded) record();
    else res.once("close", record);
  };

  const handler = ((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url!;
    if ((req.method !== "GET" && req.method !== "HEAD") || isAppPath(url)) {
      const arrived = metrics ? performance.now() : 0;
      app(req, res);
      return void observe(req, res, url, arrived);
    }
    const started = accessLog || metrics ? performance.now() : 0;
    frontDoor(req, res);
    observe(req, res, url, started);
    if (!accessLog) return;
    const log = () =>
      accessLog(
        pageResponses.get(res) ?? "",
        req.method!,
        url,
        res.statusCode,
        Math.round(performance.now() - started),
      );
    // Kept pages are written synchronously; a streamed render is logged when it is done.
    if (res.writableEnded) log();
    else res.once("close", log);
  }) as SiteHandler;
  handler.app = app;
  handler.renderCache = renderCache;
  handler.warmUp = async () => {
    await renderCache?.warmUp();
  };
  handler.flushAccessLog = () => accessLog?.flush();
  return handler;
}
