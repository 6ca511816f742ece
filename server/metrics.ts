import { createServer, type Server } from "node:http";
import type { Logger } from "pino";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { routeLabel } from "./pageUrl.ts";
import type { ContactQueue, QueueCounts } from "./contact/queue.ts";

/** Where the queue's depth and the render cache's size are read at each scrape (Metrics.watch). */
type Sources = { queue: Pick<ContactQueue, "counts" | "writable">; renderCacheSize: () => number };

export type VitalName = "LCP" | "INP" | "CLS" | "FCP" | "TTFB";
export type DeviceClass = "mobile" | "desktop";

const METHODS = new Set(["GET", "HEAD", "POST"]);
const FCP_BUCKETS = [0.1, 0.25, 0.5, 0.8, 1, 1.5, 1.8, 2.5, 3, 4, 6, 10];
/** Each web vital's histogram: its name after web_vitals_, what it is, its buckets (seconds; CLS has no unit). */
const VITALS: Record<VitalName, [string, string, number[]]> = {
  LCP: ["lcp_seconds", "Largest Contentful Paint", [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10]],
  INP: ["inp_seconds", "Interaction to Next Paint", [0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1, 2]],
  CLS: ["cls", "Cumulative Layout Shift", [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1]],
  FCP: ["fcp_seconds", "First Contentful Paint", FCP_BUCKETS],
  TTFB: ["ttfb_seconds", "Time to First Byte", [0.05, 0.1, 0.2, 0.4, 0.8, 1.2, 1.8, 3]],
};

/** The contact queue's gauges, each read from one count per scrape: its name, what it is, its value(s). */
const QUEUE_GAUGES: Array<[string, string, (counts: QueueCounts) => number | { queued: number; dead: number }]> = [
  [
    "contact_queue_messages",
    "Contact messages in the delivery queue: queued for delivery, or dead letters",
    ({ queued, dead }) => ({ queued, dead }),
  ],
  [
    "contact_queue_oldest_age_seconds",
    "Age of the oldest message waiting for delivery (0 when none waits)",
    (counts) => (counts.oldestQueuedAt === undefined ? 0 : (Date.now() - counts.oldestQueuedAt) / 1000),
  ],
  [
    "contact_queue_bytes",
    "What the queue holds against CONTACT_QUEUE_MAX_BYTES: message bytes (SQLite) or Redis's used memory",
    (counts) => counts.bytes,
  ],
  [
    "contact_queue_fullness_ratio",
    "How full the contact queue is, 0 to 1: the larger of messages and bytes over their caps; at 1 new messages get 503",
    (counts) => counts.fullness,
  ],
];

type MaybePromise<T> = T | Promise<T>;

/**
 * Every metric the server exports, defined here and counted at the edges where things happen
 * (server/handler.ts, the contact route and queues, the vitals route). Every label value comes
 * from a closed set (a route label, a method of three, the code's own outcome names), so no
 * request, however forged, can add a time series.
 */
export function createMetrics(build: { version: string; commit: string }) {
  const registry = new Registry();
  const registers = [registry];
  // Process and runtime: CPU, memory, handles, GC, and event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });
  const help = "The running build: version and commit, always 1";
  new Gauge({ name: "build_info", help, labelNames: ["version", "commit"], registers }).set({ ...build }, 1);

  const requests = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its response, by route and status class",
    labelNames: ["route", "method", "status_class"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const counter = (name: string, help: string, labelNames: string[]) =>
    new Counter({ name, help, labelNames, registers });
  const contact = counter(
    "contact_messages_total",
    "Contact messages by what happened to them: at the relay (the visitor's answer) or in the delivery worker",
    ["source", "outcome"],
  );
  const renders = counter(
    "page_renders_total",
    "Page renders in this process, each streamed to one request (a form post's answer, RENDER_CACHE=off); kept pages are rendered by the build",
    ["kind"],
  );
  const storeErrors = counter(
    "rate_limit_store_errors_total",
    "Requests let through because the rate limit's shared store (Redis) failed: the limit was not enforced",
    ["limiter"],
  );

  let sources: Sources | undefined;
  // The queue gauges read one count per scrape (prom-client collects metrics concurrently, within
  // a few ms); a second scrape right after (a second Prometheus, an operator's curl) counts again.
  let counting: { at: number; counts: Promise<QueueCounts | undefined> } | undefined;
  const queueCounts = () => {
    if (!counting || performance.now() - counting.at > 100)
      counting = { at: performance.now(), counts: Promise.resolve(sources?.queue.counts()).catch(() => undefined) };
    return counting.counts;
  };
  /** A gauge set at each scrape by `read`; left as it was while `read` has nothing to say. */
  const gauge = (name: string, help: string, read: () => MaybePromise<number | Record<string, number> | undefined>) =>
    new Gauge({
      name,
      help,
      labelNames: ["state"],
      registers,
      async collect() {
        const value = await read();
        if (typeof value === "number") this.set(value);
        else for (const [state, n] of Object.entries(value ?? {})) this.set({ state }, n);
      },
    });
  // Each queue gauge is read from the queue's count, and left as it was while the queue cannot be counted.
  for (const [name, help, read] of QUEUE_GAUGES)
    gauge(name, help, async () => {
      const counts = await queueCounts();
      return counts && read(counts);
    });
  gauge(
    "contact_queue_writable",
    "1 while a contact message could be kept (Redis connected, or the queue file writable), else 0",
    async () => sources && ((await sources.queue.writable().catch(() => false)) ? 1 : 0),
  );
  gauge("render_cache_pages", "Pages kept in memory, as the build rendered them", () => sources?.renderCacheSize());

  const vitals = Object.fromEntries(
    Object.entries(VITALS).map(([vital, [name, what, buckets]]) => [
      vital,
      new Histogram({
        name: `web_vitals_${name}`,
        help: `${what} of real visits (web-vitals beacons), by route and device class`,
        labelNames: ["route", "device"],
        buckets,
        registers,
      }),
    ]),
  ) as Record<VitalName, Histogram>;

  return {
    registry,
    /** One answered request: its route (a closed set), method and status. */
    observeRequest(url: string, method: string, status: number, seconds: number) {
      const statusClass = `${Math.min(Math.max(Math.floor(status / 100), 1), 5)}xx`;
      const labels = { route: routeLabel(url, method), method: METHODS.has(method) ? method : "other" };
      requests.observe({ ...labels, status_class: statusClass }, seconds);
    },
    /** One page render, streamed to one request (kind="streamed": the label dashboards read, kept). */
    pageRendered: () => renders.inc({ kind: "streamed" }),
    /** What happened to a contact message, at the relay or in the worker. */
    contactOutcome: (source: "relay" | "worker", outcome: string) => contact.inc({ source, outcome }),
    /** The contact rate limit's shared store failed and the request went through. */
    rateLimitStoreError: (limiter: string) => storeErrors.inc({ limiter }),
    /**
     * One real-user metric from a beacon; `route` is a route table's path or NOT_A_PAGE
     * (server/vitals.ts). CLS has no unit; the others arrive in milliseconds.
     */
    observeVital: (name: VitalName, value: number, route: string, device: DeviceClass) =>
      vitals[name].observe({ route, device }, name === "CLS" ? value : value / 1000),
    watch: (watched: Sources) => void (sources = watched),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** A device class from the User-Agent: the one distinction the vitals are read by. */
export function deviceClass(userAgent: string | undefined): DeviceClass {
  return userAgent !== undefined && /Mobi|Android|iPhone|iPad/i.test(userAgent) ? "mobile" : "desktop";
}

/**
 * GET /metrics in Prometheus's text format, on its own port (METRICS_PORT): a network policy or
 * the balancer's config then keeps it to the monitoring system, and no visitor can read it or
 * make it expensive through the public port. Everything else is 404.
 */
export function serveMetrics(metrics: Metrics, port: number, host: string, logger: Logger): Server {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics")
      return void res.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
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
