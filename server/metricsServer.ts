import { createServer, type Server } from "node:http";
import type { Logger } from "pino";
import type { Metrics } from "./metrics.ts";

/**
 * GET /metrics in Prometheus's text format, on its own port (METRICS_PORT): a network policy or
 * the balancer's config then keeps it to the monitoring system, and no visitor can read it or
 * make it expensive through the public port. Everything else is 404.
 */
export function serveMetrics(metrics: Metrics, port: number, host: string, logger: Logger): Server {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { "content-type": metrics.registry.contentType }).end(text),
      (err: unknown) => {
        logger.error({ err }, "metrics could not be collected");
        res.writeHead(500, { "content-type": "text/plain" }).end("metrics failed\n");
      },
    );
  });
  server.on("error", (err) => logger.error({ err, port }, "metrics port could not be opened: no metrics"));
  server.listen(port, host, () => logger.info({ port }, "metrics on /metrics"));
  return server;
}
