import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { execFile } from "node:child_process";
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { retryDelayMs, type ContactJob, type DeliverySettings } from "../../server/contact/delivery.ts";
import { SqliteQueue } from "../../server/contact/sqliteQueue.ts";
import { UnsafeFileError } from "../../server/privateFile.ts";
import { RedisQueue } from "../../server/contact/redisQueue.ts";
import { connectRedis } from "../../server/redis.ts";
import { IDEMPOTENCY_WINDOW_MS, QueueFullError, messageId, type StoreOptions } from "../../server/contact/queue.ts";

type QueueBounds = StoreOptions["bounds"];
import { startUpstream, type FakeUpstream } from "../../scripts/harness/contactUpstream.ts";
import { startRedisServer, type RedisServer } from "../../scripts/harness/redisServer.ts";
import { keptJobs } from "../helpers/queueStore.ts";

// The two queues' own behaviour, against real files, a real redis-server and a real local
// provider; the relay's answers are in contact-relay.test.ts, a fleet with kills in
// test/resilience/contact-queue.test.ts.
const silent = pino({ level: "silent" });
const contact = (name: string) => ({
  name,
  email: "queue@example.org",
  phone: "4420389041270",
  subject: `About ${name}`,
  message: "A message with personal data in it.",
});
const job = (name: string, extra: Partial<ContactJob> = {}): ContactJob => ({
  id: messageId(`key-${name}`),
  receivedAt: Date.now(),
  contact: contact(name),
  ...extra,
});

let dir: string;
let upstream: FakeUpstream;
let files = 0;
const settings = (overrides: Partial<DeliverySettings> = {}): DeliverySettings => ({
  upstream: { url: upstream.url, timeoutMs: 1000 },
  maxAgeMs: 60_000,
  retryBaseMs: 20,
  retryMaxDelayMs: 100,
  ...overrides,
});
const roomy: QueueBounds = { maxMessages: 1000, maxBytes: 10_000_000 };
const sqliteAt = (file: string, retentionMs = 60_000, bounds = roomy) =>
  new SqliteQueue(file, { logger: silent, bounds, retentionMs, pollMs: 20 });
const fileQueue = (retentionMs = 60_000, bounds = roomy) =>
  sqliteAt(join(dir, String(++files), "queue.sqlite"), retentionMs, bounds);
const names = () => upstream.received.map((r) => (JSON.parse(r.body) as { name: string }).name);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "contact-queue-"));
  upstream = await startUpstream(503);
});
afterAll(async () => {
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("retry delays", () => {
  it("double from the base up to the cap, each between half and all of its ceiling", () => {
    const bounds = { retryBaseMs: 1000, retryMaxDelayMs: 30_000 };
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => retryDelayMs(n, bounds, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect(retryDelayMs(20, bounds, () => 0)).toBe(15_000);
    for (let n = 1; n < 40; n++) expect(retryDelayMs(n, bounds)).toBeLessThanOrEqual(30_000);
  });
});

describe("the SQLite queue", () => {
  it("delivers kept messages once the provider is back, with one key each, and drops their data from the file", async () => {
    upstream.received.length = 0;
    upstream.mode = 503;
    const queue = fileQueue();
    await queue.enqueue(job("Ada", { firstFailedAt: Date.now() }));
    await queue.enqueue(job("Grace"));
    await queue.enqueue(job("Ada", { firstFailedAt: Date.now() })); // the same id again: one message
    queue.startWorker(settings());
    await expect.poll(() => upstream.received.length).toBeGreaterThanOrEqual(4);
    expect((await queue.counts()).queued).toBe(2);
    upstream.mode = 200;
    await expect.poll(async () => (await queue.counts()).queued).toBe(0);
    const accepted = upstream.received.slice(-2).map((r) => r.headers["idempotency-key"]);
    expect(new Set(accepted)).toEqual(new Set([job("Ada").id, job("Grace").id]));
    // Every attempt at one message carried the same key.
    for (const request of upstream.received)
      expect(request.headers["idempotency-key"]).toBe(job((JSON.parse(request.body) as { name: string }).name).id);
    await queue.close();
    expect(readFileSync(queue.file, "utf8")).not.toContain("personal data");
  });

  it("dead-letters a refusal at once and a message past its maximum age; retries and purges dead letters", async () => {
    upstream.received.length = 0;
    upstream.mode = 422;
    const queue = fileQueue();
    await queue.enqueue(job("Refused"));
    await queue.enqueue(job("Old", { firstFailedAt: Date.now() - 120_000 }));
    queue.startWorker(settings());
    await expect.poll(async () => (await queue.counts()).dead).toBe(2);
    upstream.mode = 503;
    await queue.enqueue(job("Older", { firstFailedAt: Date.now() - 120_000 }));
    await expect.poll(async () => (await queue.counts()).dead).toBe(3);
    const dead = await queue.listKept({ dead: true });
    expect(dead.map((d) => d.reason).sort()).toEqual([
      "upstream answered 422",
      "upstream answered 422",
      expect.stringMatching(/^upstream answered 503; gave up after/),
    ]);
    expect(JSON.stringify(dead)).not.toContain("personal data");

    upstream.mode = 200;
    expect(await queue.retryDead(job("Refused").id)).toBe(1);
    await expect.poll(() => names().filter((n) => n === "Refused").length).toBe(2);
    await expect.poll(async () => (await queue.counts()).queued).toBe(0);
    expect(await queue.deleteKept({ dead: true })).toBe(2);
    expect(await queue.listKept({ dead: true })).toEqual([]);
    await queue.close();
    expect(readFileSync(queue.file, "utf8")).not.toContain("personal data");
  });

  it("purges dead letters past retention by itself", async () => {
    upstream.mode = 422;
    const queue = fileQueue(50);
    await queue.enqueue(job("Expires", { deadReason: "refused" }));
    expect((await queue.counts()).dead).toBe(1);
    queue.startWorker(undefined);
    await expect.poll(async () => (await queue.counts()).dead).toBe(0);
    await queue.close();
    expect(readFileSync(queue.file, "utf8")).not.toContain("personal data");
  });

  it("keeps what it holds across a restart: queued, tried and dead, and the answers given", async () => {
    const file = join(dir, "restart", "queue.sqlite");
    rmSync(join(dir, "restart"), { recursive: true, force: true });
    const first = sqliteAt(file);
    await first.enqueue(job("Kept"));
    await first.enqueue(job("Tried", { firstFailedAt: Date.now() }));
    await first.enqueue(job("Dead", { deadReason: "upstream answered 422" }));
    await first.remember(job("Kept").id, "queued");
    await first.close();

    const second = sqliteAt(file);
    expect(await second.counts()).toMatchObject({ queued: 2, dead: 1 });
    expect(await second.claim(job("Kept").id)).toBe("queued");
    expect((await second.listKept({ dead: true })).map((d) => d.reason)).toEqual(["upstream answered 422"]);
    upstream.received.length = 0;
    upstream.mode = 200;
    second.startWorker(settings());
    await expect.poll(async () => (await second.counts()).queued).toBe(0);
    expect(names().sort()).toEqual(["Kept", "Tried"]);
    await second.close();
  });

  it("keeps within its bounds: a message past either is refused, nothing kept is dropped, room comes back", async () => {
    const queue = fileQueue(60_000, { maxMessages: 3, maxBytes: 10_000_000 });
    for (const name of ["A", "B", "C"]) await queue.enqueue(job(name));
    expect(queue.isFull()).toBe(true);
    await expect(queue.enqueue(job("D"))).rejects.toThrow(QueueFullError);
    await queue.enqueue(job("A")); // already kept: no new message, no refusal
    expect(await queue.counts()).toMatchObject({ queued: 3, fullness: 1 });
    expect(await queue.writable()).toBe(true);
    expect(await queue.deleteKept({ id: job("B").id })).toBe(1);
    expect(queue.isFull()).toBe(false);
    await queue.enqueue(job("D"));
    expect((await queue.listKept()).map((k) => k.senderDomain)).toEqual(["example.org", "example.org", "example.org"]);
    await queue.close();

    const bytes = fileQueue(60_000, { maxMessages: 100, maxBytes: 1_000 });
    await bytes.enqueue(job("Small"));
    await expect(
      bytes.enqueue(job("Big", { contact: { ...contact("Big"), message: "x".repeat(2_000) } })),
    ).rejects.toThrow(QueueFullError);
    expect((await bytes.counts()).queued).toBe(1);
    await bytes.close();
  });

  it("forgets an answer once the idempotency window is over, in memory and in the file", async () => {
    const queue = fileQueue();
    const id = job("Answered").id;
    expect(await queue.claim(id)).toBeUndefined();
    await queue.remember(id, 200);
    expect(await queue.claim(id)).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + IDEMPOTENCY_WINDOW_MS + 60_000);
      queue.startWorker(undefined);
      await expect.poll(async () => (await queue.claim(id)) === undefined).toBe(true);
    } finally {
      vi.useRealTimers();
      await queue.close();
    }
  });

  it("shares its file: two processes' workers deliver each message once, and the operator's deletes are counted", async () => {
    const file = join(dir, "shared", "queue.sqlite");
    const [a, b] = [sqliteAt(file), sqliteAt(file)];
    upstream.received.length = 0;
    upstream.mode = 200;
    upstream.delayMs = 20;
    for (let i = 0; i < 20; i++) await a.enqueue(job(`Shared ${i}`));
    a.startWorker(settings());
    b.startWorker(settings());
    await expect.poll(async () => (await a.counts()).queued, { timeout: 10_000 }).toBe(0);
    upstream.delayMs = 0;
    expect(names().sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Shared ${i}`).sort());
    await Promise.all([a.close(), b.close()]);
  });
});

describe("files the SQLite queue does not trust", () => {
  const isRoot = process.getuid?.() === 0;
  /** A file of someone the queue must never touch (root's, when the tests run as root). */
  const precious = () => {
    const file = join(dir, `precious-${++files}`);
    writeFileSync(file, "precious\n", { mode: 0o644 });
    return file;
  };
  const unchanged = (file: string) => {
    expect(readFileSync(file, "utf8")).toBe("precious\n");
    expect(statSync(file).uid).toBe(process.getuid?.());
  };

  it("refuses a queue file or a lock that is a symbolic link, and changes nothing", async () => {
    for (const name of ["queue.sqlite", "queue.sqlite-wal"]) {
      const folder = join(dir, `linked-${++files}`);
      mkdirSync(folder, { mode: 0o700 });
      const target = precious();
      symlinkSync(target, join(folder, name));
      const queue = sqliteAt(join(folder, "queue.sqlite"));
      await expect(queue.enqueue(job("Linked"))).rejects.toThrow(UnsafeFileError);
      await expect(queue.counts()).rejects.toThrow(/symbolic link/);
      unchanged(target);
    }
  });

  it("refuses a folder others may write to, and (as root) a queue file of another user", async () => {
    const open = join(dir, `open-${++files}`);
    mkdirSync(open);
    chmodSync(open, 0o777);
    await expect(sqliteAt(join(open, "queue.sqlite")).counts()).rejects.toThrow(/writable by other users/);
    if (isRoot) {
      // Only root can give a file away; CI runs as root.
      const folder = join(dir, `foreign-${++files}`);
      mkdirSync(folder, { mode: 0o700 });
      writeFileSync(join(folder, "queue.sqlite"), "");
      chownSync(join(folder, "queue.sqlite"), 1000, 1000);
      await expect(sqliteAt(join(folder, "queue.sqlite")).counts()).rejects.toThrow(/belongs to uid 1000/);
    }
  });

  it("the CLI, run as root, acts as the queue's owner and refuses a planted link to root's file", async () => {
    const folder = join(dir, `planted-${++files}`);
    mkdirSync(folder, { mode: 0o700 });
    const target = precious();
    symlinkSync(target, join(folder, "queue.sqlite"));
    // The service user's folder (uid 1000), as in the image; when not root, our own. The path
    // to it is open, so what refuses is the link check, not a folder it cannot reach.
    if (isRoot) chownSync(folder, 1000, 1000);
    chmodSync(dir, 0o755);
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ["dist/server/outbox.js", "purge", "--all"],
        { env: { PATH: process.env.PATH, CONTACT_QUEUE_FILE: join(folder, "queue.sqlite") } },
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/symbolic link/);
    unchanged(target);
  });
});

describe("the operator's command", () => {
  const cli = (file: string, ...args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ["dist/server/outbox.js", ...args],
        { env: { PATH: process.env.PATH, CONTACT_QUEUE_FILE: file } },
        (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
      );
    });

  it("counts a flood by age and sender domain, lists it and deletes it by domain or age, naming no one", async () => {
    const file = join(dir, `operator-${++files}`, "queue.sqlite");
    const queue = sqliteAt(file);
    const hour = 3_600_000;
    const from = (name: string, domain: string, ageMs: number) =>
      job(name, { receivedAt: Date.now() - ageMs, contact: { ...contact(name), email: `${name}@${domain}` } });
    for (let i = 0; i < 3; i++) await queue.enqueue(from(`Flood${i}`, "flood.example", 10_000));
    await queue.enqueue(from("Old", "old.example", 30 * hour));
    await queue.enqueue(from("Real", "example.org", 2 * hour));
    await queue.close();

    const stats = await cli(file, "stats");
    expect(stats.code).toBe(0);
    expect(stats.stdout).toContain("kept\t5");
    expect(stats.stdout).toMatch(/< 1h\t3\n1h-24h\t1\n>= 24h\t1/);
    expect(stats.stdout).toMatch(/by sender domain\nflood\.example\t3\n/);
    const listed = await cli(file, "list", "--domain", "FLOOD.example");
    expect(listed.stdout.trim().split("\n")).toHaveLength(3);
    for (const output of [stats.stdout + stats.stderr, listed.stdout])
      for (const secret of ["Flood0", "personal data", "@flood"]) expect(output).not.toContain(secret);

    expect((await cli(file, "delete")).code).toBe(2);
    expect((await cli(file, "delete", "--older-than", "soon")).code).toBe(2);
    expect((await cli(file, "delete", "--domain", "flood.example")).stderr).toContain("deleted 3 message(s)");
    expect((await cli(file, "delete", "--older-than", "1d")).stderr).toContain("deleted 1 message(s)");
    expect(keptJobs(file).map((kept) => kept.contact.name)).toEqual(["Real"]);
  });
});

describe("the Redis queue", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  /** A queue of its own (a key prefix per queue) on the test's Redis. */
  const links: Array<ReturnType<typeof connectRedis>> = [];
  afterAll(() => links.forEach((link) => link.close()));
  const redisQueue = (prefix: string, retentionMs: number, bounds = roomy) =>
    new RedisQueue({
      link: links[links.push(connectRedis(redis.url, silent)) - 1]!,
      bounds,
      url: redis.url,
      logger: silent,
      retentionMs,
      prefix,
    });

  it("remembers answers by key, dead-letters, retries, and purges dead letters past retention", async () => {
    const queue = redisQueue("t1", 60_000);
    const id = job("Redis").id;
    expect(await queue.claim(id)).toBeUndefined();
    expect(await queue.claim(id)).toBe("pending");
    await queue.remember(id, "queued");
    expect(await queue.claim(id)).toBe("queued");

    upstream.mode = 422;
    await queue.enqueue(job("Redis"));
    await queue.enqueue(job("Redis")); // one job per id
    queue.startWorker(settings());
    await expect.poll(async () => (await queue.listKept({ dead: true })).map((d) => d.id)).toEqual([id]);
    upstream.received.length = 0;
    upstream.mode = 200;
    expect(await queue.retryDead()).toBe(1);
    await expect
      .poll(async () => {
        const { queued, dead } = await queue.counts();
        return queued + dead;
      })
      .toBe(0);
    expect(names()).toEqual(["Redis"]);
    await queue.close();

    // Retention: a dead letter older than it is deleted by the next worker's sweep.
    // The age of the oldest waiting message, whatever order BullMQ keeps its delayed jobs in.
    const ages = redisQueue("t3", 60_000);
    const now = Date.now();
    await ages.enqueue(job("Newer", { receivedAt: now - 1_000, firstFailedAt: now }));
    await ages.enqueue(job("Older", { receivedAt: now - 60_000 }));
    expect((await ages.counts()).oldestQueuedAt).toBe(now - 60_000);
    await ages.close();

    // Bounds: a full queue refuses the next message and keeps what it has.
    const full = redisQueue("t4", 60_000, { maxMessages: 2, maxBytes: 1_000_000_000 });
    await full.enqueue(job("One"));
    await full.enqueue(job("Two"));
    await expect(full.enqueue(job("Three"))).rejects.toThrow(QueueFullError);
    expect(full.isFull()).toBe(true);
    expect((await full.counts()).queued).toBe(2);
    expect(await full.deleteKept({ domain: "EXAMPLE.org" })).toBe(2);
    await full.enqueue(job("Three"));
    await full.close();

    const short = redisQueue("t2", 1);
    upstream.mode = 422;
    await short.enqueue(job("Short", { deadReason: "refused" }));
    short.startWorker(settings());
    await expect.poll(async () => (await short.counts()).dead).toBe(1);
    await short.stopWorker();
    short.startWorker(undefined);
    await expect.poll(async () => (await short.counts()).dead).toBe(0);
    await short.close();
  });

  it("when Redis itself refuses a write (maxmemory, noeviction): the add fails at once, nothing kept is lost", async () => {
    const small = await startRedisServer(undefined, ["--maxmemory", "3mb", "--maxmemory-policy", "noeviction"]);
    const link = connectRedis(small.url, silent);
    const queue = new RedisQueue({
      link,
      bounds: { maxMessages: 1_000_000, maxBytes: 1_000_000_000 },
      url: small.url,
      logger: silent,
      retentionMs: 60_000,
    });
    try {
      let kept = 0;
      let refusal: unknown;
      for (let i = 0; i < 2_000 && refusal === undefined; i++)
        await queue.enqueue(job(`Big ${i}`, { contact: { ...contact(`Big ${i}`), message: "x".repeat(5_000) } })).then(
          () => kept++,
          (error: unknown) => (refusal = error),
        );
      expect(String(refusal)).toMatch(/OOM/);
      expect(refusal).not.toBeInstanceOf(QueueFullError);
      expect((await queue.counts()).queued).toBe(kept);
    } finally {
      await queue.close();
      link.close();
      await small.stop();
    }
  });
});
