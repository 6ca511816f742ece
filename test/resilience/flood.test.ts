import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { startProductionServer, type ProductionServer } from "../../scripts/harness/productionServer.ts";
import { startRedisServer, type RedisServer } from "../../scripts/harness/redisServer.ts";
import { startUpstream, type FakeUpstream } from "../../scripts/harness/contactUpstream.ts";
import { keptJobs } from "../helpers/queueStore.ts";
import { siteRoutes } from "../../shared/site.ts";

// A flood of valid contact posts at the largest size, each from an address of its own (what a
// botnet or one IPv6 /48 looks like through a trusted balancer), against a real production
// process with the image's heap flags. Before SQLite, 8,309 of them took the replica's 128 MB
// heap, and it could not restart on its journal. The queue's byte cap is lowered here so that
// it fills within seconds; the shipped defaults fill the same way, only later:
// `FLOOD_MAX_BYTES=67108864 FLOOD_COUNT=8000 npx vitest run test/resilience/flood.test.ts`.
const MAX_BYTES = Number(process.env.FLOOD_MAX_BYTES ?? 12 * 1024 * 1024);
const COUNT = Number(process.env.FLOOD_COUNT ?? 2_000);
const PATH = "/api/Geography/addContactUs";
const IMAGE_NODE_OPTIONS = /^\s*NODE_OPTIONS="([^"]+)"/m.exec(readFileSync("Dockerfile", "utf8"))![1]!;
const RSS_LIMIT = 256 * 1024 * 1024;
/**
 * The goal is a page p99 under 1 s during the flood (printed: 40 to 280 ms on two quiet cores);
 * the bound catches a starved server, with room for a runner that is busy with something else.
 */
const PAGE_BOUND_MS = 3_000;
const READY_BOUND_MS = 10_000;
/** 2,500 four-byte characters: 5,000 UTF-16 units, the message field's limit, 10 KB of UTF-8. */
const LONGEST_MESSAGE = "🦘".repeat(2_500);

const flooded = (i: number) => ({
  name: `Flood ${i}`,
  email: `sender${i % 7}@flood${i % 3}.example`,
  phone: "4420389041270",
  subject: `flood-${i}`,
  message: LONGEST_MESSAGE,
});

interface FloodResult {
  statuses: Map<number, number>;
  /** Subjects of the messages answered 202: each must still be kept. */
  accepted: Set<string>;
  retryAfter: Set<string | null>;
  /** Times of the pages fetched throughout, every route of the table in turn. */
  pageMs: number[];
  peakRss: number;
  pageErrors: number;
}

/** Posts `count` messages, `concurrency` at a time, while sampling every route in turn and the RSS. */
async function flood(target: ProductionServer, count: number, concurrency = 16, first = 0): Promise<FloodResult> {
  const result: FloodResult = {
    statuses: new Map(),
    accepted: new Set(),
    retryAfter: new Set(),
    pageMs: [],
    peakRss: 0,
    pageErrors: 0,
  };
  let next = first;
  let done = false;
  const sampler = (async () => {
    for (let i = 0; !done; i++) {
      const started = performance.now();
      const page = await fetch(target.url + siteRoutes[i % siteRoutes.length]!.path).catch(() => undefined);
      await page?.arrayBuffer();
      if (page?.status !== 200) result.pageErrors++;
      result.pageMs.push(performance.now() - started);
      result.peakRss = Math.max(result.peakRss, target.rss());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const worker = async () => {
    while (next < first + count) {
      const i = next++;
      const res = await fetch(target.url + PATH, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          // A new client address each post, from the trusted loopback balancer.
          "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify(flooded(i)),
      });
      await res.arrayBuffer();
      result.statuses.set(res.status, (result.statuses.get(res.status) ?? 0) + 1);
      if (res.status === 202) result.accepted.add(`flood-${i}`);
      if (res.status === 503) result.retryAfter.add(res.headers.get("retry-after"));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  done = true;
  await sampler;
  return result;
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? 0;

let dir: string;
let upstream: FakeUpstream;
const servers: ProductionServer[] = [];
const start = async (env: Record<string, string>) => {
  const started = performance.now();
  const server = await startProductionServer({ NODE_OPTIONS: IMAGE_NODE_OPTIONS, RATE_LIMIT_MAX: "10", ...env });
  servers.push(server);
  return { server, readyMs: performance.now() - started };
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "flood-"));
  upstream = await startUpstream(200);
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop("SIGKILL")));
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a flood of contact posts against the embedded queue", () => {
  it("fills the queue to its cap, answers 503 after, keeps serving pages, and restarts on the store with nothing lost", async () => {
    const store = join(dir, "queue.sqlite");
    const env = { CONTACT_QUEUE_FILE: store, CONTACT_QUEUE_MAX_BYTES: String(MAX_BYTES) };
    const { server } = await start(env);
    const result = await flood(server, COUNT);

    expect(server.child.exitCode, server.output().slice(-2000)).toBeNull();
    expect(result.peakRss).toBeLessThan(RSS_LIMIT);
    expect(result.pageErrors).toBe(0);
    expect(p99(result.pageMs)).toBeLessThan(PAGE_BOUND_MS);
    // Full: the rest were refused with 503 and a time to come back; none were lost or half-kept.
    expect([...result.statuses.keys()].sort()).toEqual([202, 503]);
    expect(result.accepted.size).toBeGreaterThan(COUNT / 2);
    // The figures for the record (issue 34's note).
    console.info(
      `flood: ${COUNT} posts, ${result.accepted.size} kept, ${result.statuses.get(503)} refused, peak RSS ${Math.round(result.peakRss / 1048576)} MB, page p99 ${Math.round(p99(result.pageMs))} ms`,
    );
    expect(result.statuses.get(503)).toBeGreaterThan(0);
    expect([...result.retryAfter]).toEqual(["60"]);

    // A crash, then a restart on the same store: ready within its bound, every 202 still kept.
    await server.stop("SIGKILL");
    const again = await start(env);
    expect(again.readyMs).toBeLessThan(READY_BOUND_MS);
    console.info(
      `flood: restart on the full store ready in ${Math.round(again.readyMs)} ms, RSS ${Math.round(again.server.rss() / 1048576)} MB`,
    );
    expect(again.server.rss()).toBeLessThan(RSS_LIMIT);
    const kept = keptJobs(store).map((job) => job.contact.subject);
    expect(kept.length).toBe(result.accepted.size);
    expect(new Set(kept)).toEqual(result.accepted);
    await again.server.stop();

    // Once a provider is set, the full queue drains to empty, each message delivered once.
    upstream.received.length = 0;
    const draining = await start({ ...env, CONTACT_UPSTREAM_URL: upstream.url });
    await expect.poll(() => keptJobs(store).length, { timeout: 60_000, interval: 500 }).toBe(0);
    const keys = upstream.received.map((r) => r.headers["idempotency-key"]);
    expect(keys.length).toBe(result.accepted.size);
    expect(new Set(keys).size).toBe(keys.length);
    await draining.server.stop();
  });
});

describe("a flood of contact posts against Redis with maxmemory", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer(undefined, ["--maxmemory", "64mb", "--maxmemory-policy", "noeviction"]);
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it("answers 503 once full, loses nothing, never crashes, and drains once the provider is back", async () => {
    const env = {
      REDIS_URL: redis.url,
      // A third of maxmemory, as shipped (deploy/): room left for BullMQ to move and acknowledge jobs.
      CONTACT_QUEUE_MAX_BYTES: String(Math.floor((64 * 1024 * 1024) / 3)),
    };
    const [a, b] = await Promise.all([start(env), start(env)]);
    const halves = await Promise.all([flood(a.server, 1_200, 8), flood(b.server, 1_200, 8, 1_200)]);
    for (const [i, target] of [a.server, b.server].entries()) {
      expect(target.child.exitCode).toBeNull();
      expect(halves[i]!.peakRss).toBeLessThan(RSS_LIMIT);
      expect(halves[i]!.pageErrors).toBe(0);
      expect(p99(halves[i]!.pageMs)).toBeLessThan(PAGE_BOUND_MS);
    }
    const accepted = new Set([...halves[0].accepted, ...halves[1].accepted]);
    const refused = halves.reduce((sum, half) => sum + (half.statuses.get(503) ?? 0), 0);
    const statuses = halves.map((half) => Object.fromEntries(half.statuses));
    console.info(
      `flood on Redis: ${accepted.size} kept, ${refused} refused, page p99 ${halves.map((half) => Math.round(p99(half.pageMs))).join(" and ")} ms, peak RSS ${halves.map((half) => Math.round(half.peakRss / 1048576)).join(" and ")} MB`,
    );
    expect(refused, JSON.stringify(statuses)).toBeGreaterThan(0);
    expect(accepted.size).toBeGreaterThan(500);

    const client = new Redis(redis.url);
    try {
      const waiting = await client.zcard("bull:contact:prioritized").then(async (prioritized) => ({
        prioritized,
        waiting: await client.llen("bull:contact:wait"),
      }));
      expect(waiting.waiting + waiting.prioritized).toBe(accepted.size);
    } finally {
      client.disconnect();
    }
    await Promise.all([a.server.stop(), b.server.stop()]);

    upstream.received.length = 0;
    const drain = await start({ ...env, CONTACT_UPSTREAM_URL: upstream.url });
    await expect
      .poll(() => new Set(upstream.received.map((r) => r.headers["idempotency-key"])).size, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(accepted.size);
    const subjects = upstream.received.map((r) => (JSON.parse(r.body) as { subject: string }).subject);
    expect(new Set(subjects)).toEqual(accepted);
    expect(subjects.length).toBe(accepted.size);
    await drain.server.stop();
  });
});
