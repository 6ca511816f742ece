import express, { type Express } from "express";
import { pinoHttp } from "pino-http";
import type { Logger } from "pino";
import type { Store } from "express-rate-limit";
import type { Config } from "./config.ts";
import { createLogger } from "./logger.ts";
import { requestId } from "./requestId.ts";
import { permissionsPolicy, securityHeaders } from "./security.ts";
import { healthRoutes, createLifecycle, type Lifecycle } from "./health.ts";
import { compressResponses } from "./compression.ts";
import { staticFiles, missingFile } from "./static.ts";
import { inlineStyleSources, readManifest } from "./assets.ts";
import { createEtagFor, createRenderCache, pageHandler, type RenderDeps } from "./render.ts";
import type { RenderCache } from "./renderCache.ts";
import { vitalsRoutes } from "./vitals.ts";
import { seoRoutes } from "./seo.ts";
import { securityTxtRoutes } from "./securityTxt.ts";
import { contactRoutes } from "./contact/contactRoutes.ts";
import { errorHandler } from "./errors.ts";

export interface AppDeps {
  logger: Logger;
  lifecycle: Lifecycle;
  /** Kept pages, shared with the fast path in server/handler.ts; made here when RENDER_CACHE=on. */
  renderCache: RenderCache;
  /** The contact limiter's shared store (Redis, made by main.ts from REDIS_URL); unset = memory. */
  rateLimitStore: Store;
}

/** The whole server, read top to bottom as the path of a request. No listen(): tests use it. */
export function createApp(config: Config, deps: Partial<AppDeps> = {}): Express {
  const logger = deps.logger ?? createLogger(config.LOG_LEVEL);
  const lifecycle = deps.lifecycle ?? createLifecycle();
  const manifest = readManifest(config.CLIENT_DIR);
  const pageConfig = { mainSiteUrl: config.MAIN_SITE_URL, siteUrl: config.SITE_URL };
  const renderDeps: RenderDeps = {
    manifest,
    config: pageConfig,
    timeoutMs: config.RENDER_TIMEOUT_MS,
    logger,
    etagFor: createEtagFor(manifest, pageConfig),
  };
  // Off: every page goes through the streaming renderer (debugging, benchmarking).
  const renderCache = config.RENDER_CACHE === "off" ? undefined : (deps.renderCache ?? createRenderCache(renderDeps));

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  app.set("etag", "strong");
  app.locals.lifecycle = lifecycle;
  app.locals.renderCache = renderCache;

  app.use(
    pinoHttp({
      logger,
      genReqId: requestId,
      // Probes come every few seconds from the balancer and a 503 from /readyz is the expected
      // answer while starting or stopping; main.ts logs those transitions once instead.
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  // The handler's fast path records the same headers (securityHeaderSet) with these sources.
  app.locals.inlineStyleSources = inlineStyleSources(manifest);
  app.use(securityHeaders(app.locals.inlineStyleSources as string[]));
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", permissionsPolicy);
    next();
  });
  app.use(compressResponses());
  app.use(healthRoutes(lifecycle));
  app.use(seoRoutes(config.SITE_URL));
  app.use(securityTxtRoutes(config.SITE_URL));
  app.use(staticFiles(config.CLIENT_DIR));
  app.use(missingFile());
  app.use(
    contactRoutes({
      relay: { upstreamUrl: config.CONTACT_UPSTREAM_URL, timeoutMs: config.CONTACT_UPSTREAM_TIMEOUT_MS, outboxFile: config.CONTACT_OUTBOX_FILE },
      rateLimit: { windowMs: config.RATE_LIMIT_WINDOW_MS, limit: config.RATE_LIMIT_MAX, ...(deps.rateLimitStore ? { store: deps.rateLimitStore } : {}) },
      renderDeps,
      logger,
    }),
  );
  app.use(vitalsRoutes({ logger }));
  app.get(["/", "/*all"], pageHandler({ ...renderDeps, cache: renderCache }));
  app.use(errorHandler());
  return app;
}
