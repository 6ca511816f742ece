import express, { type Express } from "express";
import { pinoHttp } from "pino-http";
import type { Logger } from "pino";
import type { Store } from "express-rate-limit";
import type { Config } from "./config.ts";
import { createLogger } from "./logger.ts";
import { pinoHttpOptions } from "./accessLog.ts";
import { permissionsPolicy, securityHeaders } from "./security.ts";
import { securityHeaderSet } from "./securityHeaderSet.ts";
import { healthRoutes, createLifecycle, type Lifecycle } from "./health.ts";
import { compressResponses } from "./compression.ts";
import { staticFiles, missingFile } from "./static.ts";
import { inlineStyleSources, readManifest, type BuildManifest } from "./assets.ts";
import { createEtagFor, createRenderCache, MAX_STREAMING_RENDERS, type RenderDeps } from "./render.ts";
import { createFrontDoor } from "./frontDoor.ts";
import { isAppPath } from "./pageUrl.ts";
import type { RenderCache } from "./renderCache.ts";
import { vitalsRoutes } from "./vitals.ts";
import { seoRoutes } from "./seo.ts";
import { securityTxtRoutes } from "./securityTxt.ts";
import { contactRoutes } from "./contact/contactRoutes.ts";
import { ReloadingRedisStore } from "./contact/redisStore.ts";
import { contactUpstream, openContactQueue } from "./contact/openContactQueue.ts";
import type { ContactQueue } from "./contact/queue.ts";
import type { Metrics } from "./metrics.ts";
import { errorHandler } from "./errors.ts";

export interface AppDeps {
  logger: Logger;
  lifecycle: Lifecycle;
  /** Kept pages, shared with the fast path in server/handler.ts; made here when RENDER_CACHE=on. */
  renderCache: RenderCache;
  /** The contact limiter's shared store (Redis, made by main.ts from REDIS_URL); unset = memory. */
  rateLimitStore: Store;
  /** Where contact messages wait for the provider (made by main.ts; default: openContactQueue). */
  contactQueue: ContactQueue;
  /** Prometheus metrics (made by main.ts, served on METRICS_PORT); unset: nothing counted. */
  metrics: Metrics;
  /** Streaming renders in flight before a new one is answered 503 (default MAX_STREAMING_RENDERS). */
  maxStreamingRenders: number;
}

/** The security headers of a page, by the style it inlines: one set per route, made once. */
function pageSecurityHeaders(manifest: BuildManifest): RenderDeps["pageSecurityHeaders"] {
  const sets = new Map<string, readonly string[]>();
  return (routeIds) => {
    const sources = inlineStyleSources(manifest, routeIds);
    const key = sources.join(" ");
    let set = sets.get(key);
    if (!set) sets.set(key, (set = securityHeaderSet(sources).flat()));
    return set;
  };
}

/**
 * The store, with each failing increment counted (the limiter then lets the request through:
 * docs/decisions/005), so an operator sees the limit not enforced, not only a log line.
 */
function countingErrors(store: Store, limiter: string, metrics: Metrics | undefined): Store {
  if (!metrics) return store;
  const increment = store.increment.bind(store);
  // Everything else is the store's own, through the prototype chain.
  const counted = Object.create(store) as Store;
  counted.increment = async (key) => {
    try {
      return await increment(key);
    } catch (error) {
      metrics.rateLimitStoreError(limiter);
      throw error;
    }
  };
  return counted;
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
    streams: { inFlight: 0, max: deps.maxStreamingRenders ?? MAX_STREAMING_RENDERS },
    securityHeaders: securityHeaderSet().flat(),
    pageSecurityHeaders: pageSecurityHeaders(manifest),
    showErrors: config.NODE_ENV === "development",
  };
  // Off: every page goes through the streaming renderer (debugging, benchmarking).
  const renderCache = config.RENDER_CACHE === "off" ? undefined : (deps.renderCache ?? createRenderCache(renderDeps));

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  app.set("etag", "strong");
  app.locals.lifecycle = lifecycle;
  app.locals.renderCache = renderCache;
  // Also answers page requests before Express in server/handler.ts: one way to answer a page.
  const frontDoor = createFrontDoor({ renderDeps, cache: renderCache });
  app.locals.frontDoor = frontDoor;

  app.use(pinoHttp(pinoHttpOptions(logger)));
  // Pages written by the front door carry the same set (renderDeps.securityHeaders above), plus
  // their own inline style's hash in the CSP (renderDeps.pageSecurityHeaders).
  app.use(securityHeaders());
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", permissionsPolicy);
    next();
  });
  app.use(compressResponses());
  app.use(healthRoutes(lifecycle));
  app.use(seoRoutes(config.SITE_URL));
  app.use(securityTxtRoutes(config.SITE_URL));
  // Page paths are the front door's, exactly as in server/handler.ts (files, health and the API
  // are not): a malformed escape there is the site's 400 page, not serve-static's error.
  const isPageRequest = (req: express.Request) =>
    (req.method === "GET" || req.method === "HEAD") && !isAppPath(req.originalUrl);
  app.use((req, res, next) => (isPageRequest(req) ? frontDoor(req, res) : next()));
  app.use(staticFiles(config.CLIENT_DIR));
  app.use(missingFile());
  app.use(
    contactRoutes({
      relay: { upstream: contactUpstream(config) },
      queue: deps.contactQueue ?? openContactQueue(config, logger),
      rateLimit: {
        windowMs: config.RATE_LIMIT_WINDOW_MS,
        limit: config.RATE_LIMIT_MAX,
        ...(deps.rateLimitStore ? { store: countingErrors(deps.rateLimitStore, "contact", deps.metrics) } : {}),
      },
      renderDeps,
      logger,
      siteUrl: config.SITE_URL,
      maxInFlightPerClient: config.MAX_IN_FLIGHT_PER_CLIENT,
      metrics: deps.metrics,
    }),
  );
  // With REDIS_URL, the vitals limit is counted in the same Redis as the contact limit.
  const vitalsStore =
    deps.rateLimitStore instanceof ReloadingRedisStore ? deps.rateLimitStore.sibling("rl:vitals:") : undefined;
  app.use(
    vitalsRoutes({
      logger,
      store: vitalsStore && countingErrors(vitalsStore, "vitals", deps.metrics),
      metrics: deps.metrics,
    }),
  );
  // What no route took (GET /api/nope): the not-found page.
  app.use((req, res, next) => (req.method === "GET" || req.method === "HEAD" ? frontDoor(req, res) : next()));
  app.use(errorHandler());
  return app;
}
