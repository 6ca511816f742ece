import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { pino } from "pino";
import { createHandler } from "./handler.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { buildInfo, createLogger, podName } from "./logger.ts";
import { createLifecycle } from "./health.ts";
import { connectRedis } from "./redis.ts";
import { deliverySettings } from "./contact/delivery.ts";
import { openContactQueue } from "./contact/openContactQueue.ts";
import { createMetrics, serveMetrics } from "./metrics.ts";
import { createShutdown, INTERRUPT_SIGNAL, STOP_SIGNAL } from "./shutdown.ts";
import { startTracing, withRequestSpans } from "./tracing.ts";

function fail(error: unknown): never {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  fail(error);
}
// Optional: with a collector configured, the SDK registers before any request is served.
const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
  ? await startTracing(config.OTEL_EXPORTER_OTLP_ENDPOINT, buildInfo, podName).catch(fail)
  : undefined;

// Buffered, asynchronous log writes: one write(2) per few KB, not per line, keeps the access
// log off the hot path. Lines wait at most 200 ms, and the buffer is flushed on exit.
const logDestination = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 200 });
const logger = createLogger(config.LOG_LEVEL, logDestination);
// Ready once listening: the kept pages came from the build with the handler (server/renderCache.ts).
const lifecycle = createLifecycle();
// One connection for the fleet's shared rate limits and queue; connecting never delays start-up.
const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, logger) : undefined;
const metrics = createMetrics(buildInfo);
// Contact messages the provider does not take at once wait here; every replica runs a worker.
const contactQueue = openContactQueue(config, logger, redis, (outcome) => metrics.contactOutcome("worker", outcome));
contactQueue.startWorker(deliverySettings(config));
// What this replica kept on its own disk before REDIS_URL was set still goes to the provider,
// from here: the fleet's queue never sees it, and nothing kept is lost in the switch.
const localLeftovers = redis && existsSync(config.CONTACT_QUEUE_FILE) ? openContactQueue(config, logger) : undefined;
localLeftovers?.startWorker(deliverySettings(config));
const handler = createHandler(config, { logger, lifecycle, contactQueue, metrics, redis });
// The whole-request deadline covers the body; Node looks for overdue requests every second
// (its default, 30 s, would let a slow body hold its socket three times the deadline).
const server = createServer(
  {
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    headersTimeout: config.REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: 1000,
  },
  tracing ? withRequestSpans(handler) : handler,
);
server.maxConnections = config.MAX_CONNECTIONS;
process.on("exit", () => {
  try {
    handler.flushAccessLog();
    logDestination.flushSync();
  } catch {
    // stdout already gone: nothing left to tell.
  }
});

// Behind a load balancer with a 60 s idle timeout: keep connections open longer than it does,
// so it never reuses a socket we are closing. (Headers and body have REQUEST_TIMEOUT_MS, from
// the request's first byte: an idle keep-alive socket is not timed by them.)
server.keepAliveTimeout = 65_000;

server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  logger.info(
    { port, host: config.HOST },
    `listening on http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${port}`,
  );
  logger.info({ pages: handler.renderCache?.kept ?? 0, sinceStartMs: Math.round(performance.now()) }, "ready");
  logDestination.flush();
  // The kept pages' best-level compression, started here; until this line a kept page may change
  // bytes (not content) under its weak ETag.
  const started = performance.now();
  void handler.renderCache?.settled().then(() => {
    logger.info({ ms: Math.round(performance.now() - started) }, "pages kept at best compression");
    logDestination.flush();
  });
});

metrics.watch({ queue: contactQueue, renderCacheSize: () => handler.renderCache?.kept ?? 0 });
// Prometheus scrapes a port of its own: the public port (and the balancer) never serves it.
const metricsServer =
  config.METRICS_PORT > 0 ? serveMetrics(metrics, config.METRICS_PORT, config.HOST, logger) : undefined;

server.on("error", (error) => {
  logger.fatal({ err: error }, "server error");
  process.exit(1);
});

const shutdown = createShutdown({
  server,
  lifecycle,
  logger,
  drainMs: config.SHUTDOWN_DRAIN_MS,
  graceMs: config.SHUTDOWN_GRACE_MS,
  stopWork: () => void Promise.all([contactQueue.stopWorker(), localLeftovers?.stopWorker()]),
  release: async () => {
    metricsServer?.close();
    await Promise.all([contactQueue.close(), localLeftovers?.close()]);
    redis?.close();
    await tracing?.shutdown().catch((err: unknown) => logger.warn({ err }, "traces not all sent"));
  },
  exit: (code) => process.exit(code),
});
process.on(STOP_SIGNAL, () => shutdown.onSignal(STOP_SIGNAL));
process.on(INTERRUPT_SIGNAL, () => shutdown.onSignal(INTERRUPT_SIGNAL));
process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled rejection"));
