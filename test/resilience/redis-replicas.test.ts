import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { startProductionServer, type ProductionServer } from "../../scripts/harness/productionServer.ts";
import { startRedisServer, type RedisServer } from "../../scripts/harness/redisServer.ts";
import { freePort } from "../../scripts/lib/freePort.ts";
import { startUpstream, type FakeUpstream } from "../../scripts/harness/contactUpstream.ts";
import { validContact } from "../helpers/contactForm.ts";

// Several replicas behind a balancer share one contact rate limit through a real redis-server.
const PATH = "/api/Geography/addContactUs";
const valid = validContact;

let dir: string;
let redis: RedisServer;
// The provider takes every message at once: these tests are about the limit, not the queue
// (test/resilience/contact-queue.test.ts), so a message goes through even while Redis is away.
let upstream: FakeUpstream;
const servers: ProductionServer[] = [];

/** Each replica's /metrics, by its server. */
const metricsUrls = new Map<ProductionServer, string>();

async function replica(redisUrl: string, name: string, limit = "3"): Promise<ProductionServer> {
  const metricsPort = await freePort();
  const server = await startProductionServer({
    METRICS_PORT: String(metricsPort),
    REDIS_URL: redisUrl,
    CONTACT_UPSTREAM_URL: upstream.url,
    RATE_LIMIT_MAX: limit,
    RATE_LIMIT_WINDOW_MS: "600000",
    CONTACT_QUEUE_FILE: join(dir, `${name}.ndjson`),
  });
  servers.push(server);
  metricsUrls.set(server, `http://127.0.0.1:${metricsPort}/metrics`);
  return server;
}

/** rate_limit_store_errors_total{limiter="contact"} of a replica. */
/** contact_queue_writable as the replica reports it (1: a message could be kept now). */
async function queueWritable(server: ProductionServer): Promise<number | undefined> {
  const text = await (await fetch(metricsUrls.get(server)!)).text();
  const value = /^contact_queue_writable (\d+)$/m.exec(text)?.[1];
  return value === undefined ? undefined : Number(value);
}

const readiness = async (server: ProductionServer) => {
  const res = await fetch(server.url + "/readyz");
  return { status: res.status, body: (await res.json()) as unknown };
};

async function storeErrors(server: ProductionServer): Promise<number> {
  const text = await (await fetch(metricsUrls.get(server)!)).text();
  return Number(/^rate_limit_store_errors_total\{limiter="contact"\} (\d+)/m.exec(text)?.[1] ?? 0);
}

const post = async (server: ProductionServer) =>
  (
    await fetch(server.url + PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(valid),
    })
  ).status;

async function waitForLog(server: ProductionServer, text: string, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!server.output().includes(text)) {
    if (Date.now() > until) throw new Error(`no "${text}" in the log:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const errorLogs = (server: ProductionServer) => server.logs().filter((l) => Number(l.level) >= 50);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "redis-replicas-"));
  redis = await startRedisServer();
  upstream = await startUpstream(200);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await redis?.stop();
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("several replicas with REDIS_URL", () => {
  let a: ProductionServer;
  let b: ProductionServer;

  it("share one contact limit: the fourth message is refused whichever replica takes it", async () => {
    [a, b] = await Promise.all([replica(redis.url, "a"), replica(redis.url, "b")]);
    await Promise.all([waitForLog(a, "Redis connected"), waitForLog(b, "Redis connected")]);

    expect([await post(a), await post(b), await post(a)]).toEqual([200, 200, 200]);
    expect([await post(b), await post(a)]).toEqual([429, 429]);

    const client = new Redis(redis.url);
    try {
      const keys = await client.keys("rl:contact:*");
      expect(keys).toHaveLength(1);
      expect(await client.get(keys[0]!)).toBe("5");
    } finally {
      client.disconnect();
    }
  });

  it("keep serving when Redis stops, let messages through with an error log, and share the limit again once it is back", async () => {
    for (const server of [a, b]) {
      expect(await readiness(server)).toEqual({ status: 200, body: { status: "ready", contact: "ok" } });
      expect(await queueWritable(server)).toBe(1);
    }
    await redis.stop();
    for (const server of [a, b]) {
      expect((await fetch(server.url + "/")).status).toBe(200);
      // Still in rotation for pages (docs/decisions/015), but it says the queue cannot keep a message.
      await expect
        .poll(() => readiness(server))
        .toEqual({ status: 200, body: { status: "ready", contact: "unavailable" } });
      expect(await queueWritable(server)).toBe(0);
      // The count is unknown while Redis is away: the message goes through rather than the form failing.
      expect(await post(server)).toBe(200);
      await expect
        .poll(() => errorLogs(server).some((l) => String(l.msg).includes("error from store, allowing request")))
        .toBe(true);
      await expect.poll(() => server.output()).toContain("Redis unreachable");
      // Counted as well as logged: an operator can alert on the limit not being enforced.
      expect(await storeErrors(server)).toBeGreaterThanOrEqual(1);
      expect(server.child.exitCode).toBeNull();
    }

    // The provider down too: nothing can keep the message, so the visitor hears 503, at once.
    upstream.mode = 503;
    const started = Date.now();
    expect(await post(a)).toBe(503);
    expect(Date.now() - started).toBeLessThan(10_000);
    upstream.mode = 200;

    // A fresh Redis on the same port: the clients reconnect by themselves, the count starts anew.
    await redis.start();
    await Promise.all([waitForLog(a, "Redis reachable again"), waitForLog(b, "Redis reachable again")]);
    await expect.poll(() => queueWritable(a)).toBe(1);
    expect((await readiness(a)).body).toEqual({ status: "ready", contact: "ok" });
    expect([await post(a), await post(b), await post(b)]).toEqual([200, 200, 200]);
    expect([await post(a), await post(b)]).toEqual([429, 429]);
  });

  it("start at once while Redis is unreachable, and enforce the limit once Redis appears", async () => {
    const port = await freePort();
    const started = Date.now();
    const c = await replica(`redis://127.0.0.1:${port}`, "c", "2");
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await fetch(c.url + "/healthz")).status).toBe(200);
    expect([await post(c), await post(c), await post(c)]).toEqual([200, 200, 200]);
    expect(c.output()).toContain("Redis unreachable");

    const late = await startRedisServer(port);
    try {
      await waitForLog(c, "Redis reachable again");
      expect([await post(c), await post(c), await post(c)]).toEqual([200, 200, 429]);
    } finally {
      await c.stop();
      await late.stop();
    }
  });
});
