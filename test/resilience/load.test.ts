import { afterAll, beforeAll, describe, expect, it } from "vitest";
import autocannon, { type Request as LoadRequest } from "autocannon";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BuildManifest } from "../../server/assets.ts";
import { routeById, siteRoutes } from "../../shared/site.ts";
import { startUpstream, type FakeUpstream } from "../../scripts/harness/contactUpstream.ts";
import { startProductionServer, type ProductionServer } from "../../scripts/harness/productionServer.ts";
import { rssDuring } from "../helpers/rssDuring.ts";

// 8 s of mixed page GETs and contact POSTs at 128 connections against `node dist/server/main.js`.
const DURATION_S = 8;
const CONNECTIONS = 128;
const LIMIT = 300;
const PATH = "/api/Geography/addContactUs";
const MB = 1024 * 1024;

const manifest = JSON.parse(readFileSync("dist/client/manifest.json", "utf8")) as BuildManifest;
const message = {
  name: "Load Tester",
  email: "load@example.org",
  phone: "5551234567",
  subject: "Under load",
  message: "Counting requests.",
};

let dir: string;
let upstream: FakeUpstream;
let server: ProductionServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "load-"));
  upstream = await startUpstream(200);
  server = await startProductionServer({
    CONTACT_UPSTREAM_URL: upstream.url,
    CONTACT_QUEUE_FILE: join(dir, "queue.sqlite"),
    RATE_LIMIT_MAX: String(LIMIT),
    RATE_LIMIT_WINDOW_MS: "3600000",
    // 128 connections from one address (loopback) stand for 128 visitors.
    MAX_IN_FLIGHT_PER_CLIENT: "1000",
    // Per-request info lines would cost the server more than the requests; errors still show.
    LOG_LEVEL: "error",
    // The heap a container with ~384 MB gets (Node sizes it from the cgroup limit). Unbounded,
    // V8 sizes it from this 24 GB machine and lets garbage pile up to hundreds of MB before it
    // collects, which reads as growth without being a leak (heap after a full GC stays near
    // 30 MB). Bounded, a leak cannot hide: the process would thrash, crash or pass the ceiling.
    NODE_OPTIONS: "--max-old-space-size=160 --max-semi-space-size=16",
  });
});

afterAll(async () => {
  await server?.stop();
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Kind = "page" | "asset" | "missing" | "health" | "json post" | "form post";
const gzip = { "accept-encoding": "gzip" };

describe("load", () => {
  it(`${DURATION_S} s at ${CONNECTIONS} connections: no 5xx, no socket error, only the expected 429s, RSS flat`, async () => {
    const statuses = new Map<Kind, Map<number, number>>();
    // Each request names its kind in X-Request-Id and the server echoes it: a response is
    // counted by the request it answers. autocannon's own pairing slips by one whenever the
    // server closes a connection (a refused post's body is never read, so it says
    // Connection: close), since it writes its next request before it sees the close.
    const onResponse = (status: number, _body: string, _context: object, headers: IncomingHttpHeaders | undefined) => {
      const echoed = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === "x-request-id")?.[1];
      const kind = String(echoed).replace("-", " ") as Kind;
      const byStatus = statuses.get(kind) ?? new Map<number, number>();
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      statuses.set(kind, byStatus);
    };
    const named = (kind: Kind) => ({ "x-request-id": kind.replace(" ", "-") });
    const get = (path: string, kind: Kind = "page"): LoadRequest => ({
      method: "GET",
      path,
      headers: { ...gzip, ...named(kind) },
      onResponse,
    });
    // Every page of the route table, half of them before the other kinds of request, half after.
    const pages = siteRoutes.map((route) => get(route.path));
    const half = Math.ceil(pages.length / 2);
    const sequence: LoadRequest[] = [
      ...pages.slice(0, half),
      get(manifest.entry, "asset"),
      {
        method: "POST",
        path: PATH,
        headers: { "content-type": "application/json", ...named("json post") },
        body: JSON.stringify(message),
        onResponse,
      },
      get(manifest.stylesheets[0]!, "asset"),
      get("/healthz", "health"),
      {
        method: "POST",
        path: routeById("contact").path,
        headers: { "content-type": "application/x-www-form-urlencoded", ...gzip, ...named("form post") },
        body: new URLSearchParams(message).toString(),
        onResponse,
      },
      ...pages.slice(half),
      get("/no-such-page", "missing"),
    ];

    const rssAtStart = server.rss();
    // Warm-up: JIT, caches and the heap settle before the "before" figure.
    await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: 2,
      requests: sequence.filter((r) => r.method === "GET"),
    });
    statuses.clear();
    const { result, rssBefore, samples, rssAfter } = await rssDuring(server, () =>
      autocannon({ url: server.url, connections: CONNECTIONS, duration: DURATION_S, requests: sequence }),
    );

    const tally = Object.fromEntries([...statuses].map(([kind, byStatus]) => [kind, Object.fromEntries(byStatus)]));
    const posts = ["json post", "form post"] as const;
    const postTotal = posts.reduce(
      (sum, kind) => sum + [...(statuses.get(kind)?.values() ?? [])].reduce((a, b) => a + b, 0),
      0,
    );
    const accepted = (statuses.get("json post")?.get(200) ?? 0) + (statuses.get("form post")?.get(303) ?? 0);
    const limited = posts.reduce((sum, kind) => sum + (statuses.get(kind)?.get(429) ?? 0), 0);

    console.log(
      `load: ${result.requests.total} requests in ${DURATION_S} s (${Math.round(result.requests.average)}/s), ` +
        `latency p50 ${result.latency.p50} ms p99 ${result.latency.p99} ms, errors ${result.errors}, timeouts ${result.timeouts}, ` +
        `RSS ${(rssAtStart / MB).toFixed(0)} MB at start, ${(rssBefore / MB).toFixed(0)} MB after warm-up, ${(rssAfter / MB).toFixed(0)} MB after; ` +
        `RSS each second ${samples.map((b) => Math.round(b / MB)).join(" ")}; contact posts ${postTotal}: ${accepted} accepted, ${limited} rate-limited\n${JSON.stringify(tally)}`,
    );

    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.requests.total).toBeGreaterThan(CONNECTIONS * sequence.length);
    for (const kind of ["page", "asset", "health"] as const)
      expect(tally[kind], kind).toEqual({ 200: expect.any(Number) });
    expect(tally["missing"]).toEqual({ 404: expect.any(Number) });
    expect(Object.keys(tally["json post"] ?? {}).sort()).toEqual(["200", "429"]);
    // A refused no-JS form post gets the Contact page rendered with its values; past the cap of
    // renders in flight (server/render.ts MAX_STREAMING_RENDERS) it is a 503 with Retry-After.
    expect(
      Object.keys(tally["form post"] ?? {})
        .filter((s) => s !== "503")
        .sort(),
    ).toEqual(["303", "429"]);
    // Exactly the limit gets through, every other post is a 429, and each accepted one reached the provider.
    expect(accepted).toBe(LIMIT);
    expect(limited).toBe(postTotal - LIMIT - (statuses.get("form post")?.get(503) ?? 0));
    expect(upstream.received).toHaveLength(LIMIT);

    expect(server.child.exitCode).toBeNull();
    expect((await server.settledLogs()).filter((l) => Number(l.level) >= 50)).toEqual([]);
    // Flat: the heap fills up to its bound in the first seconds, then RSS levels off.
    expect(rssAfter).toBeLessThan(384 * MB);
    const halfway = samples[Math.floor(samples.length / 2) - 1]!;
    expect(rssAfter - halfway).toBeLessThan(32 * MB);
  });
});
