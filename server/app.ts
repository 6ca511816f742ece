import express, { type Express } from "express";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import { healthRoutes, createLifecycle, type Lifecycle } from "./health.ts";
import { staticFiles } from "./static.ts";
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
 * Steps 1 and 3 of the request path (server/handler.ts): the build's files, then health,
 * robots and sitemap, security.txt, the API and the Contact page's POST, read top to bottom;
 * its last handlers answer what none took (step 4): a missing file plain 404, any other GET or
 * HEAD the not-found page. The request has its id, its logger and its security headers already.
 * No listen().
 */
export function createExpressApp(config: Config, deps: ExpressDeps, pages: Pages): Express {
  const { logger } = deps;
  const { renderDeps } = pages;
  const lifecycle = deps.lifecycle ?? createLifecycle();

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  app.set("etag", "strong");

  app.use(staticFiles(config.CLIENT_DIR));
  app.use(healthRoutes(lifecycle));
  app.use(seoRoutes(config.SITE_URL));
  app.use(securityTxtRoutes(config.SITE_URL));
  app.use(
    contactRoutes(config, {
      queue: deps.contactQueue ?? openContactQueue(config, logger, deps.redis),
      rateLimitStore: deps.redis?.rateLimitStore("rl:contact:", () => deps.metrics?.rateLimitStoreError("contact")),
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
      store: deps.redis?.rateLimitStore("rl:vitals:", () => deps.metrics?.rateLimitStoreError("vitals")),
      metrics: deps.metrics,
    }),
  );
  // Not found: a path that names a file (has an extension) is no page, so a plain 404; any other
  // GET or HEAD (GET /api/nope) the not-found page; other methods Express's own 404.
  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (/\.[a-z0-9]{1,11}$/i.test(req.path)) return void res.status(404).type("text/plain").send("Not found");
    pages.notFound(req, res);
  });
  app.use(errorHandler());
  return app;
}
