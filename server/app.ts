import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import { healthRoutes, createLifecycle, type Lifecycle } from "./health.ts";
import type { RenderDeps } from "./render.ts";
import { vitalsRoutes } from "./vitals.ts";
import { metaRoutes } from "./metaRoutes.ts";
import { contactRoutes } from "./contact/contactRoutes.ts";
import type { RedisLink } from "./redis.ts";
import { openContactQueue } from "./contact/openContactQueue.ts";
import type { ContactQueue } from "./contact/queue.ts";
import type { Metrics } from "./metrics.ts";
import { requestLogger } from "./logger.ts";

const DAY_MS = 86_400_000;
/**
 * The build writes .br and .gz beside each compressible file (scripts/build.ts), served when the
 * client accepts them, so nothing is compressed per request. A folder is no file: it falls
 * through (no index, no redirect to a trailing slash).
 */
const precompressed = { enableBrotli: true, orderPreference: ["br", "gzip"], index: false };
const noFolders = { index: false, redirect: false } as const;

/** The URL path of every file of the build (hashed assets, and public/ as it is served), read once at start. */
function buildFiles(clientDir: string): Set<string> {
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
 * Step 2 of the request path (server/handler.ts): the build's files (`files`, every file's URL
 * path, read once at start: no other path costs a look at the disk), then health, robots and
 * sitemap, security.txt, the API and the Contact page's POST, read top to bottom. What none of
 * them takes goes to the `next` the handler gives (not found); an error, to the last handler.
 * The request has its id and its security headers already. No listen().
 */
export function createExpressApp(config: Config, deps: ExpressDeps, renderDeps: RenderDeps) {
  const { logger } = deps;
  const files = buildFiles(config.CLIENT_DIR);
  const lifecycle = deps.lifecycle ?? createLifecycle();

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  app.set("etag", "strong");
  // A GET route matches its path exactly, as takesGet looks it up.
  app.set("case sensitive routing", true);
  app.set("strict routing", true);

  // Build output under /assets has content-hashed names: cached for a year, immutable. Files
  // from public/ keep their names, so they revalidate daily. A missing file is a plain 404.
  const serveFiles = express.Router();
  const immutable = { ...noFolders, fallthrough: false, maxAge: 365 * DAY_MS, immutable: true };
  const assetsDir = join(config.CLIENT_DIR, "assets");
  serveFiles.use("/assets", expressStaticGzip(assetsDir, { ...precompressed, serveStatic: immutable }));
  const publicDir = join(config.CLIENT_DIR, "public");
  serveFiles.use(expressStaticGzip(publicDir, { ...precompressed, serveStatic: { ...noFolders, maxAge: DAY_MS } }));
  app.use((req, res, next) => (files.has(req.path) ? serveFiles(req, res, next) : next()));
  const queue = deps.contactQueue ?? openContactQueue(config, logger, deps.redis);
  const gets: Record<string, RequestHandler> = { ...healthRoutes(lifecycle, queue), ...metaRoutes(config.SITE_URL) };
  for (const [path, handler] of Object.entries(gets)) app.get(path, handler);
  app.use(
    contactRoutes(config, {
      queue,
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
  // Last: a status from the error when it carries one, no stack traces to clients.
  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const { status: given, statusCode } = (err ?? {}) as { status?: unknown; statusCode?: unknown };
    const status = Number(given ?? statusCode) || 500;
    if (status >= 500) requestLogger(req, logger).error({ err }, "request failed");
    if (res.headersSent) return void res.destroy();
    const message = status === 404 ? "Not found" : status < 500 ? "Bad request" : "Internal server error";
    if (req.path.startsWith("/api/")) res.status(status).json({ error: message });
    else res.status(status).type("text/plain").send(message);
  };
  app.use(onError);
  return {
    app,
    /**
     * Whether a GET or HEAD of this path is Express's: a file of the build or one of the GET
     * routes above, recorded as they are mounted. Any other GET is declined (not found) without
     * entering Express: a flood of unknown paths then costs about what a kept page costs.
     */
    takesGet: (path: string) => files.has(path) || Object.hasOwn(gets, path),
  };
}
