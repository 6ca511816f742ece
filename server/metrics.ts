import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { routeLabel, vitalsRoute } from "./routeLabel.ts";
import type { QueueCounts } from "./contact/queue.ts";

/**
 * Every metric the server exports, defined here and counted at the edges where things happen
 * (server/handler.ts, the contact route and queues, the vitals route). Every label value comes
 * from a closed set, so no request, however forged, can add a time series.
 */
export interface Metrics {
  registry: Registry;
  /** One answered request: its route (a closed set), method and status. */
  observeRequest(url: string, method: string, status: number, seconds: number): void;
  /** What happened to a contact message, at the relay or in the worker. */
  contactOutcome(source: "relay" | "worker", outcome: string): void;
  /** One page render: to be kept (start-up, or a page not kept yet) or streamed to one request. */
  pageRendered(kind: "kept" | "streamed"): void;
  /** The contact rate limit's shared store failed and the request went through. */
  rateLimitStoreError(limiter: string): void;
  /** One real-user metric from a beacon. */
  observeVital(name: VitalName, value: number, route: string, device: DeviceClass): void;
  /** Where the queue's depth and the render cache's size are read at each scrape. */
  watch(sources: {
    queueCounts?: () => Promise<QueueCounts>;
    queueWritable?: () => Promise<boolean>;
    renderCacheSize?: () => number;
  }): void;
}

export type VitalName = "LCP" | "INP" | "CLS" | "FCP" | "TTFB";
export type DeviceClass = "mobile" | "desktop";

/** Contact outcomes the relay and the worker report; anything else counts as "other". */
const OUTCOMES = new Set([
  "delivered",
  "queued",
  "repeated",
  "refused",
  "not_kept",
  "invalid",
  "honeypot",
  "rate_limited",
  "too_many_in_flight",
  "cross_site",
  "queue_full",
  "too_large",
  "unreadable",
  "retry",
  "dead_lettered",
]);
const METHODS = new Set(["GET", "HEAD", "POST"]);

export function createMetrics(build: { version: string; commit: string }): Metrics {
  const registry = new Registry();
  // Process and runtime: CPU, memory, handles, GC, and event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });

  new Gauge({
    name: "build_info",
    help: "The running build: version and commit, always 1",
    labelNames: ["version", "commit"],
    registers: [registry],
  }).set({ version: build.version, commit: build.commit }, 1);

  const requests = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its response, by route and status class",
    labelNames: ["route", "method", "status_class"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const contact = new Counter({
    name: "contact_messages_total",
    help: "Contact messages by what happened to them: at the relay (the visitor's answer) or in the delivery worker",
    labelNames: ["source", "outcome"],
    registers: [registry],
  });
  const renders = new Counter({
    name: "page_renders_total",
    help: "Page renders: each kept page once per process (equal to render_cache_pages once started), and each page streamed to one request (a form post's answer, a miss)",
    labelNames: ["kind"],
    registers: [registry],
  });
  const storeErrors = new Counter({
    name: "rate_limit_store_errors_total",
    help: "Requests let through because the rate limit's shared store (Redis) failed: the limit was not enforced",
    labelNames: ["limiter"],
    registers: [registry],
  });

  let sources: Parameters<Metrics["watch"]>[0] = {};
  // The queue gauges read one count per scrape (prom-client collects metrics concurrently, within
  // a few ms); a second scrape right after (a second Prometheus, an operator's curl) counts again.
  let counting: { at: number; counts: Promise<QueueCounts | undefined> } | undefined;
  const queueCounts = () => {
    if (!counting || performance.now() - counting.at > 100)
      counting = {
        at: performance.now(),
        counts: sources.queueCounts?.().catch(() => undefined) ?? Promise.resolve(undefined),
      };
    return counting.counts;
  };
  new Gauge({
    name: "contact_queue_messages",
    help: "Contact messages in the delivery queue: queued for delivery, or dead letters",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      const counts = await queueCounts();
      if (!counts) return;
      this.set({ state: "queued" }, counts.queued);
      this.set({ state: "dead" }, counts.dead);
    },
  });
  /** A gauge read at each scrape from the queue's count (left as it was while the queue cannot be counted). */
  const queueGauge = (name: string, help: string, read: (counts: QueueCounts) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const counts = await queueCounts();
        if (counts) this.set(read(counts));
      },
    });
  queueGauge(
    "contact_queue_oldest_age_seconds",
    "Age of the oldest message waiting for delivery (0 when none waits)",
    (counts) => (counts.oldestQueuedAt === undefined ? 0 : (Date.now() - counts.oldestQueuedAt) / 1000),
  );
  queueGauge(
    "contact_queue_bytes",
    "What the queue holds against CONTACT_QUEUE_MAX_BYTES: message bytes (SQLite) or Redis's used memory",
    (counts) => counts.bytes,
  );
  queueGauge(
    "contact_queue_fullness_ratio",
    "How full the contact queue is, 0 to 1: the larger of messages and bytes over their caps; at 1 new messages get 503",
    (counts) => counts.fullness,
  );
  new Gauge({
    name: "contact_queue_writable",
    help: "1 while a contact message could be kept (Redis connected, or the queue file writable), else 0",
    registers: [registry],
    async collect() {
      if (!sources.queueWritable) return;
      this.set((await sources.queueWritable().catch(() => false)) ? 1 : 0);
    },
  });
  new Gauge({
    name: "render_cache_pages",
    help: "Pages kept rendered in memory",
    registers: [registry],
    collect() {
      if (sources.renderCacheSize) this.set(sources.renderCacheSize());
    },
  });

  const timing = [0.1, 0.25, 0.5, 0.8, 1, 1.5, 1.8, 2.5, 3, 4, 6, 10];
  const vitals = {
    LCP: vitalHistogram(registry, "lcp_seconds", "Largest Contentful Paint", [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10]),
    INP: vitalHistogram(registry, "inp_seconds", "Interaction to Next Paint", [0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1, 2]),
    CLS: vitalHistogram(registry, "cls", "Cumulative Layout Shift", [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1]),
    FCP: vitalHistogram(registry, "fcp_seconds", "First Contentful Paint", timing),
    TTFB: vitalHistogram(registry, "ttfb_seconds", "Time to First Byte", [0.05, 0.1, 0.2, 0.4, 0.8, 1.2, 1.8, 3]),
  };

  return {
    registry,
    observeRequest(url, method, status, seconds) {
      requests.observe(
        {
          route: routeLabel(url, method),
          method: METHODS.has(method) ? method : "other",
          status_class: `${Math.min(Math.max(Math.floor(status / 100), 1), 5)}xx`,
        },
        seconds,
      );
    },
    pageRendered(kind) {
      renders.inc({ kind });
    },
    contactOutcome(source, outcome) {
      contact.inc({ source, outcome: OUTCOMES.has(outcome) ? outcome : "other" });
    },
    rateLimitStoreError(limiter) {
      storeErrors.inc({ limiter });
    },
    observeVital(name, value, route, device) {
      // CLS has no unit; the others arrive in milliseconds.
      vitals[name].observe({ route: vitalsRoute(route), device }, name === "CLS" ? value : value / 1000);
    },
    watch(next) {
      sources = { ...sources, ...next };
    },
  };
}

function vitalHistogram(registry: Registry, name: string, what: string, buckets: number[]) {
  return new Histogram({
    name: `web_vitals_${name}`,
    help: `${what} of real visits (web-vitals beacons), by route and device class`,
    labelNames: ["route", "device"],
    buckets,
    registers: [registry],
  });
}

/** A device class from the User-Agent: the one distinction the vitals are read by. */
export function deviceClass(userAgent: string | undefined): DeviceClass {
  return userAgent !== undefined && /Mobi|Android|iPhone|iPad/i.test(userAgent) ? "mobile" : "desktop";
}
