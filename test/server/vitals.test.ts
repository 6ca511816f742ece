import { describe, expect, it } from "vitest";
import request from "supertest";
import express from "express";
import { Writable } from "node:stream";
import { readFileSync } from "node:fs";
import { createHandler } from "../../server/handler.ts";
import { createLogger } from "../../server/logger.ts";
import { NOT_A_PAGE } from "../../server/pageUrl.ts";
import { vitalsRoutes } from "../../server/vitals.ts";
import { vitalsBody } from "../../client/vitals.ts";
import { testConfig } from "../../scripts/harness/config.ts";
import { startRedisServer } from "../../scripts/harness/redisServer.ts";
import { connectRedis } from "../../server/redis.ts";

function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger("info", sink), lines };
}

const sample = (name: "LCP" | "CLS" | "INP" | "FCP" | "TTFB", value: number) => ({
  name,
  value,
  delta: value,
  rating: "good" as const,
  id: `v5-1700000000000-${name}`,
  navigationType: "navigate" as const,
});

describe("POST /api/vitals", () => {
  it("answers 204 and logs one line per beacon, the request's own, with all its metrics (a sendBeacon string body)", async () => {
    const { logger, lines } = capturedLogger();
    const app = createHandler(testConfig({ LOG_LEVEL: "info" }), { logger });
    const all = (["LCP", "CLS", "INP", "FCP", "TTFB"] as const).flatMap((name, i) => [
      sample(name, 100 + i),
      { ...sample(name, 200 + i), id: `v5-2-${name}` },
    ]);
    const body = vitalsBody("/Category", all);
    expect(body.length).toBeGreaterThan(500);
    const res = await request(app).post("/api/vitals").set("Content-Type", "text/plain;charset=UTF-8").send(body);
    expect(res.status).toBe(204);
    expect(lines).toHaveLength(1);
    const [line] = lines as Array<{
      vitals: { path: string; metrics: Array<Record<string, unknown>> };
      req: unknown;
      res: unknown;
    }>;
    expect(line!.req).toMatchObject({ method: "POST", url: "/api/vitals" });
    expect(line!.res).toMatchObject({ statusCode: 204 });
    expect(line!.vitals.path).toBe("/Category");
    expect(line!.vitals.metrics.map((m) => m.metric)).toEqual(all.map((m) => m.name));
    expect(line!.vitals.metrics[0]).toEqual({
      metric: "LCP",
      value: 100,
      delta: 100,
      rating: "good",
      id: "v5-1700000000000-LCP",
      navigationType: "navigate",
    });
  });

  it("logs the page by the route table: another spelling as its route, anything else as one bucket", async () => {
    const { logger, lines } = capturedLogger();
    const app = createHandler(testConfig({ LOG_LEVEL: "info" }), { logger });
    for (const path of ["/category/", "/wp-admin/<script>", "/Contact"])
      await request(app)
        .post("/api/vitals")
        .set("Content-Type", "text/plain")
        .send(vitalsBody(path, [sample("FCP", 300)]));
    expect(lines.map((l) => (l.vitals as { path: string }).path)).toEqual(["/Category", NOT_A_PAGE, "/Contact"]);
  });

  it("accepts application/json too", async () => {
    const app = createHandler(testConfig());
    const res = await request(app)
      .post("/api/vitals")
      .set("Content-Type", "application/json")
      .send(vitalsBody("/", [sample("INP", 40)]));
    expect(res.status).toBe(204);
  });

  it.each([
    ["not JSON", "{nope"],
    ["no metrics", JSON.stringify({ path: "/", metrics: [] })],
    ["unknown metric", JSON.stringify({ path: "/", metrics: [{ ...sample("LCP", 1), name: "FID" }] })],
    ["negative value", JSON.stringify({ path: "/", metrics: [sample("LCP", -1)] })],
    ["extra field", JSON.stringify({ path: "/", metrics: [{ ...sample("LCP", 1), email: "a@b.c" }] })],
    ["path not a path", JSON.stringify({ path: "https://evil.example", metrics: [sample("LCP", 1)] })],
    ["too many metrics", JSON.stringify({ path: "/", metrics: Array.from({ length: 11 }, () => sample("CLS", 0)) })],
  ])("rejects %s with 400", async (_label, body) => {
    const { logger, lines } = capturedLogger();
    const app = createHandler(testConfig({ LOG_LEVEL: "info" }), { logger });
    const res = await request(app).post("/api/vitals").set("Content-Type", "application/json").send(body);
    expect(res.status).toBe(400);
    expect(lines.some((l) => "vitals" in l)).toBe(false);
  });

  it("refuses other content types (415) and large bodies (413)", async () => {
    const app = createHandler(testConfig());
    expect((await request(app).post("/api/vitals").type("form").send("a=1")).status).toBe(415);
    const big = JSON.stringify({ path: "/", metrics: [sample("LCP", 1)], pad: "x".repeat(5000) });
    expect((await request(app).post("/api/vitals").set("Content-Type", "application/json").send(big)).status).toBe(413);
  });

  it("rate-limits a client (429)", async () => {
    const { logger } = capturedLogger();
    const app = express().use(vitalsRoutes({ logger, siteUrl: "http://localhost:3000", limit: 3 }));
    const body = vitalsBody("/", [sample("FCP", 300)]);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await request(app).post("/api/vitals").set("Content-Type", "text/plain").send(body)).status);
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
  });
});

describe("POST /api/vitals from the site's own origin only (issue 34)", () => {
  const SITE = "https://agents.example.com";
  const body = vitalsBody("/", [sample("LCP", 900)]);
  /** The handler server/main.ts serves, with SITE_URL set and the access log captured. */
  const site = () => {
    const { logger, lines } = capturedLogger();
    const app = createHandler(testConfig({ LOG_LEVEL: "info", SITE_URL: `${SITE}/` }), { logger });
    const beacon = (headers: Record<string, string>, sent = body) =>
      request(app).post("/api/vitals").set("Content-Type", "text/plain;charset=UTF-8").set(headers).send(sent);
    return { lines, beacon };
  };

  it("takes a beacon from SITE_URL's origin, from the request's own, and one without Origin", async () => {
    const { lines, beacon } = site();
    const allowed: Record<string, string>[] = [
      // What Chromium's sendBeacon sends from our page.
      { Origin: SITE, "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "no-cors" },
      // Reached by another name than SITE_URL (a preview host, the pod's own address).
      { Host: "10.0.0.7:3000", Origin: "http://10.0.0.7:3000" },
      // No browser on another site: a script, which could as well send our Origin (server/vitals.ts).
      {},
    ];
    for (const headers of allowed) expect((await beacon(headers)).status, JSON.stringify(headers)).toBe(204);
    expect(lines.filter((l) => "vitals" in l)).toHaveLength(3);
  });

  it.each([
    ["another site's Origin", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }],
    ["another site's Origin, no Sec-Fetch-Site (an older browser)", { Origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site without Origin", { "Sec-Fetch-Site": "cross-site" }],
    ["a sibling subdomain", { Origin: "https://blog.agents.example.com", "Sec-Fetch-Site": "same-site" }],
    ["our host on another scheme", { Origin: "http://agents.example.com" }],
    ["our host on another port", { Origin: "https://agents.example.com:8443" }],
    ["an opaque origin (a sandboxed frame, a data: page)", { Origin: "null" }],
  ])("refuses %s with 403 and records nothing", async (_label, headers) => {
    const { lines, beacon } = site();
    const res = await beacon(headers);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Forbidden" });
    expect(lines.some((l) => "vitals" in l)).toBe(false);
  });

  it("refuses before reading the body or counting against the client's limit", async () => {
    const { logger } = capturedLogger();
    const app = express().use(vitalsRoutes({ logger, siteUrl: SITE, limit: 2 }));
    const post = (origin: string, sent: string) =>
      request(app).post("/api/vitals").set("Content-Type", "text/plain").set("Origin", origin).send(sent);
    // Neither a broken nor an oversized body gets a 400 or 413: the origin is looked at first.
    expect((await post("https://evil.example", "{nope")).status).toBe(403);
    expect((await post("https://evil.example", "x".repeat(10_000))).status).toBe(403);
    expect((await post("https://evil.example", body)).status).toBe(403);
    expect([(await post(SITE, body)).status, (await post(SITE, body)).status]).toEqual([204, 204]);
  });
});

describe("the vitals limit with REDIS_URL", () => {
  it("is counted in the shared Redis: two replicas together allow the limit once", async () => {
    const redis = await startRedisServer();
    const { logger } = capturedLogger();
    const links = [connectRedis(redis.url, logger), connectRedis(redis.url, logger)];
    try {
      for (let i = 0; i < 100 && !links.every((l) => l.client.status === "ready"); i++)
        await new Promise((r) => setTimeout(r, 50));
      const [a, b] = links.map((redis) => createHandler(testConfig({ LOG_LEVEL: "silent" }), { logger, redis }));
      const body = vitalsBody("/", [sample("FCP", 300)]);
      const post = (app: typeof a) => request(app!).post("/api/vitals").set("Content-Type", "text/plain").send(body);
      const statuses: number[] = [];
      // The limit is 120 a minute per client: 60 on each replica, then one more on either.
      for (let i = 0; i < 60; i++) statuses.push((await post(a)).status, (await post(b)).status);
      expect(statuses.every((s) => s === 204)).toBe(true);
      expect([(await post(a)).status, (await post(b)).status]).toEqual([429, 429]);
    } finally {
      links.forEach((l) => l.close());
      await redis.stop();
    }
  });
});

describe("the web-vitals library", () => {
  it("is not in the entry chunk nor anything the entry imports statically", () => {
    const manifest = JSON.parse(readFileSync("dist/client/manifest.json", "utf8")) as {
      entry: string;
      entryImports: string[];
    };
    // Source modules of each shipped file, written by the build.
    const modules = JSON.parse(readFileSync("dist/client/modules.json", "utf8")) as Record<string, string[]>;
    const firstLoad = [manifest.entry, ...manifest.entryImports];
    for (const file of firstLoad) {
      expect(modules[file], file).toBeDefined();
      expect(
        modules[file]!.filter((input) => input.includes("web-vitals")),
        file,
      ).toEqual([]);
    }
    const lazy = Object.entries(modules).filter(([, inputs]) =>
      inputs.some((i) => i.includes("node_modules/web-vitals")),
    );
    expect(lazy.length).toBeGreaterThan(0);
    expect(lazy.every(([file]) => !firstLoad.includes(file))).toBe(true);
  });
});
