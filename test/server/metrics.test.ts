import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { routeLabel } from "../../server/pageUrl.ts";
import { keptPageKeys } from "../../server/renderCache.ts";
import { keptPageUrls, siteRoutes } from "../../shared/site.ts";
import { startProductionServer, type ProductionServer } from "../../scripts/harness/productionServer.ts";
import { freePort } from "../../scripts/lib/freePort.ts";
import { startUpstream, type FakeUpstream } from "../../scripts/harness/contactUpstream.ts";

// /metrics of the production process, on its own port, after a page view, contact posts and
// beacons: the families an operator charts and alerts on, with labels from closed sets only.
let dir: string;
let server: ProductionServer;
let upstream: FakeUpstream;
let metricsUrl: string;

const scrape = async () => {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain");
  return res.text();
};
/** The samples of one metric, as `labels value` lines. */
const samples = (text: string, name: string) =>
  text.split("\n").filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

const contact = (subject: string) =>
  fetch(`${server.url}/api/Geography/addContactUs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Metric Visitor",
      email: "metrics@example.org",
      phone: "4420389041270",
      subject,
      message: "Counted, never logged.",
    }),
  });
const beacon = (path: string, userAgent: string) =>
  fetch(`${server.url}/api/vitals`, {
    method: "POST",
    headers: { "content-type": "text/plain", "user-agent": userAgent },
    body: JSON.stringify({
      path,
      metrics: [
        { name: "LCP", value: 1200, delta: 1200, rating: "good", id: `v5-${path.length}-LCP` },
        { name: "CLS", value: 0.01, delta: 0.01, rating: "good", id: `v5-${path.length}-CLS` },
      ],
    }),
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "metrics-"));
  upstream = await startUpstream(200);
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  server = await startProductionServer({
    METRICS_PORT: String(port),
    CONTACT_UPSTREAM_URL: upstream.url,
    CONTACT_QUEUE_FILE: join(dir, "queue.sqlite"),
    RATE_LIMIT_MAX: "1000",
  });
});
afterAll(async () => {
  await server?.stop();
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("/metrics", () => {
  it("is served on METRICS_PORT only, never on the public port", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(metricsUrl.replace("/metrics", "/"))).status).toBe(404);
  });

  it("renders nothing to keep: the kept pages are the build's, one per key of the route table, and a view renders nothing", async () => {
    // Every kept URL, the not-found page and its copy per route it can suggest (server/renderCache.ts).
    const kept = keptPageUrls().length + 1 + siteRoutes.length;
    expect(keptPageKeys()).toHaveLength(kept);
    const value = (text: string, line: RegExp) => Number(line.exec(text)?.[1] ?? NaN);
    expect(value(await scrape(), /^render_cache_pages (\d+)$/m)).toBe(kept);
    for (const path of ["/", "/Category", "/no-such-page", "/categroy"])
      expect((await fetch(server.url + path)).status).toBeLessThan(500);
    // No render at start and none for a view: the counter has no series until a page streams.
    expect(await scrape()).not.toMatch(/^page_renders_total\{/m);
    // A form post without JavaScript that fails comes back as the Contact page, rendered for it.
    const form = { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" };
    expect((await fetch(`${server.url}/Contact`, form)).status).toBe(400);
    expect(value(await scrape(), /^page_renders_total\{kind="streamed"\} (\d+)$/m)).toBe(1);
  });

  it("counts a page view, contact posts and beacons, by route, outcome and device class", async () => {
    expect((await fetch(`${server.url}/Category`)).status).toBe(200);
    expect((await contact("Delivered at once")).status).toBe(200);
    upstream.mode = 503;
    expect((await contact("Queued for later")).status).toBe(202);
    // The provider stays down until the gauges are read: back at once, the worker's first retry
    // (0.5-1 s) delivered the message before the scrape on a loaded CI machine, and the oldest
    // age read 0.
    expect((await beacon("/Category", "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Mobile/15E148")).status).toBe(204);

    const text = await scrape();
    console.log(
      `\n/metrics after one page view, two contact posts and a beacon (site families):\n${text
        .split("\n")
        .filter((l) => /^(# TYPE )?(http_request|contact_|rate_limit|render_cache|build_info|web_vitals_lcp)/.test(l))
        .filter((l) => !/_bucket\{/.test(l) || /le="(0\.005|1|\+Inf)"/.test(l))
        .join("\n")}\n`,
    );
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(samples(text, "http_request_duration_seconds_count")).toContainEqual(
      expect.stringMatching(
        /^http_request_duration_seconds_count\{route="\/Category",method="GET",status_class="2xx"\} [1-9]/,
      ),
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{route="\/api\/Geography\/addContactUs",method="POST",status_class="2xx"\} 2/,
    );
    expect(text).toMatch(/contact_messages_total\{source="relay",outcome="delivered"\} 1/);
    expect(text).toMatch(/contact_messages_total\{source="relay",outcome="queued"\} 1/);
    expect(text).toMatch(/# TYPE contact_queue_messages gauge/);
    expect(text).toMatch(/contact_queue_messages\{state="(queued|dead)"\} \d/);
    // One message waits: its age is above 0 (none waiting reads 0).
    expect(text).toMatch(/contact_queue_oldest_age_seconds (0\.\d*[1-9]|[1-9][\d.]*)\n/);
    // The one kept message's bytes, and how full that makes the queue (default caps: far from full).
    const bytes = Number(/contact_queue_bytes (\d+)/.exec(text)?.[1]);
    expect(bytes).toBeGreaterThan(100);
    const fullness = Number(/contact_queue_fullness_ratio ([\d.e-]+)/.exec(text)?.[1]);
    expect(fullness).toBeGreaterThan(0);
    expect(fullness).toBeLessThan(0.01);
    expect(text).toMatch(/# TYPE rate_limit_store_errors_total counter/);
    expect(text).toMatch(/render_cache_pages [1-9]\d*/);
    expect(text).toMatch(/build_info\{version="[^"]+",commit="[^"]+"\} 1/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(text).toMatch(/web_vitals_lcp_seconds_count\{route="\/Category",device="mobile"\} 1/);
    expect(text).toMatch(/web_vitals_cls_count\{route="\/Category",device="mobile"\} 1/);
    // The worker delivers the queued message once the provider is back, and says so.
    upstream.mode = 200;
    await expect
      .poll(async () => /contact_messages_total\{source="worker",outcome="delivered"\} 1/.test(await scrape()), {
        timeout: 60_000,
      })
      .toBe(true);
  });

  it("a forged beacon adds no label value: unknown pages are one route, user agents two classes", async () => {
    const before = samples(await scrape(), "web_vitals_lcp_seconds_count").length;
    for (let i = 0; i < 20; i++) await beacon(`/forged-${i}-${"x".repeat(i)}`, `bot-${i}/${"y".repeat(i)}`);
    const after = samples(await scrape(), "web_vitals_lcp_seconds_count");
    expect(after.length).toBeLessThanOrEqual(before + 1);
    expect(after).toContainEqual(expect.stringMatching(/route="\(not found\)",device="desktop"\} 20$/));
    const routes = new Set(
      samples(await scrape(), "http_request_duration_seconds_count").map((l) => /route="([^"]*)"/.exec(l)![1]),
    );
    for (const route of routes)
      expect(route).toMatch(/^(\/[A-Za-z/*]*|\/api\/[A-Za-z/]+|meta|redirect|other|bad request|\(not found\))$/);
  });
});

describe("route labels", () => {
  it("come from a closed set whatever the URL", () => {
    expect(routeLabel("/Category?utm_source=x", "GET")).toBe("/Category");
    expect(routeLabel("/category/", "GET")).toBe("redirect");
    expect(routeLabel("/wp-login.php", "GET")).toBe("(not found)");
    expect(routeLabel("/%", "GET")).toBe("bad request");
    expect(routeLabel("/assets/entry-abc.js", "GET")).toBe("/assets/*");
    expect(routeLabel("/anything", "DELETE")).toBe("other");
  });
});
