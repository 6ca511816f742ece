import express, { type Express } from "express";
import type { Logger } from "pino";
import type { Store } from "express-rate-limit";
import type { Config } from "./config.ts";
import { healthRoutes, createLifecycle, type Lifecycle } from "./health.ts";
import { compressResponses } from "./compression.ts";
import { staticFiles, missingFile } from "./static.ts";
import type { Pages } from "./pages.ts";
import { vitalsRoutes } from "./vitals.ts";
import { seoRoutes } from "./seo.ts";
import { securityTxtRoutes } from "./securityTxt.ts";
import { contactRoutes } from "./contact/contactRoutes.ts";
import type { RedisLink } from "./redis.ts";
import { openContactQueue } from "./contact/openContactQueue.ts";
import type { ContactQueue } from "./contact/queue.ts";
import type { Metrics } from "./metrics.ts";
import { errorHandler } from "./errors.ts";

export interface ExpressDeps {
  logger: Logger;
  lifecycle?: Lifecycle;
  /** REDIS_URL's connection (made by main.ts): the rate limits' shared counts; unset = memory. */
  redis?: RedisLink;
  /** Where contact messages wait for the provider (made by main.ts; default: openContactQueue). */
  contactQueue?: ContactQueue;
  /** Prometheus metrics (made by main.ts, served on METRICS_PORT); unset: nothing counted. */
  metrics?: Metrics;
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

/**
 * What is not a page: files, health, robots and sitemap, security.txt and the API, read top to
 * bottom as the path of a request. Only server/handler.ts calls it: it sends every GET/HEAD of a
 * page path to the front door instead, and gives each request it hands over here its id, its
 * logger and its security headers, and its access-log line once done. No listen().
 */
export function createExpressApp(config: Config, deps: ExpressDeps, pages: Pages): Express {
  const { logger } = deps;
  const { renderDeps, frontDoor } = pages;
  const lifecycle = deps.lifecycle ?? createLifecycle();

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  app.set("etag", "strong");

  app.use(compressResponses());
  app.use(healthRoutes(lifecycle));
  app.use(seoRoutes(config.SITE_URL));
  app.use(securityTxtRoutes(config.SITE_URL));
  app.use(staticFiles(config.CLIENT_DIR));
  app.use(missingFile());
  app.use(
    contactRoutes(config, {
      queue: deps.contactQueue ?? openContactQueue(config, logger, deps.redis),
      rateLimitStore: deps.redis && countingErrors(deps.redis.rateLimitStore("rl:contact:"), "contact", deps.metrics),
      renderDeps,
      logger,
      metrics: deps.metrics,
    }),
  );
  // With REDIS_URL, the vitals limit is counted in the same Redis as the contact limit.
  app.use(
    vitalsRoutes({
      logger,
      siteUrl: config.SITE_URL,
      store: deps.redis && countingErrors(deps.redis.rateLimitStore("rl:vitals:"), "vitals", deps.metrics),
      metrics: deps.metrics,
    }),
  );
  // What no route took (GET /api/nope): the not-found page.
  app.use((req, res, next) => (req.method === "GET" || req.method === "HEAD" ? frontDoor(req, res) : next()));
  app.use(errorHandler());
  return app;
}
