import { afterAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { relayErrors } from "../../server/contact/relayErrors.ts";
import { startUpstream, type FakeUpstream, type UpstreamMode } from "../../scripts/harness/contactUpstream.ts";
import { startProductionServer, type ProductionServer } from "../../scripts/harness/productionServer.ts";
import { startRedisServer, type RedisServer } from "../../scripts/harness/redisServer.ts";

// The contact delivery queue with every part real: production processes, a local provider
// stand-in, a redis-server. The provider is down while visitors write; replicas are killed
// (SIGKILL) and restarted (SIGTERM) meanwhile; once the provider is back, every message must
// reach it exactly once, each with one idempotency key on all its attempts. Then the provider
// refuses some for good: they become dead letters, which the outbox command retries and purges.

const CONTACT = "/api/Geography/addContactUs";
const OUTBOX_CLI = "dist/server/outbox.js";
/** Generous: the longest legitimate wait is BullMQ noticing a SIGKILLed replica's job (~15-45 s). */
const DEADLINE_MS = 90_000;
/** After everything arrived, how long we keep looking for a second acceptance of a message. */
const QUIET_MS = 3_000;

interface Contact {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

/** One request the provider stand-in got, with the status it chose for it. */
interface Answer {
  subject: string;
  key: string | undefined;
  path: string;
  body: string;
  status: UpstreamMode;
  at: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const contact = (subject: string): Contact => ({
  name: "Ada Lovelace",
  email: "ada@example.org",
  phone: "4420389041270",
  subject,
  message: `Please call me back about ${subject}.`,
});

const isAccepted = (status: UpstreamMode) => typeof status === "number" && status >= 200 && status < 300;

/** Polls `check` until it holds; `what` (text, or a function for the state at the time-out) names it. */
async function until(
  check: () => boolean | Promise<boolean>,
  what: string | (() => string),
  timeoutMs = DEADLINE_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === "string" ? what : what()}`);
    await sleep(100);
  }
}

// Everything started here, torn down in reverse order even when a test fails half-way.
const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `contact-queue-${label}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function redisServer(): Promise<RedisServer> {
  const redis = await startRedisServer();
  cleanups.push(() => redis.stop());
  return redis;
}

async function upstreamIn(mode: UpstreamMode): Promise<FakeUpstream> {
  const upstream = await startUpstream(mode);
  cleanups.push(() => upstream.close());
  return upstream;
}

/**
 * A production replica; with REDIS_URL, once its Redis clients are connected. The bound is
 * generous: beside Lighthouse on two cores a replica once took more than 10 s to say so.
 */
async function replica(env: Record<string, string>): Promise<ProductionServer> {
  const server = await startProductionServer(env);
  cleanups.push(() => server.stop("SIGKILL"));
  if (env.REDIS_URL) await until(() => server.output().includes("Redis connected"), "Redis connected", 30_000);
  return server;
}

/**
 * Has the provider stand-in record the status it gives each request: a message only counts as
 * delivered by an answer given while the provider was taking messages. `choose` picks the status
 * (the upstream's current mode unless told otherwise).
 */
function recordAnswers(upstream: FakeUpstream, choose: (subject: string) => UpstreamMode = () => upstream.mode) {
  const answers: Answer[] = [];
  upstream.decide = (request) => {
    const subject = String((JSON.parse(request.body) as { subject?: unknown }).subject);
    const header = request.headers["idempotency-key"];
    const status = choose(subject);
    answers.push({
      subject,
      key: Array.isArray(header) ? header.join(",") : header,
      path: request.path,
      body: request.body,
      status,
      at: Date.now(),
    });
    return status;
  };
  return answers;
}

/** Accepted deliveries by subject. */
function accepted(answers: Answer[]): Map<string, Answer[]> {
  const bySubject = new Map<string, Answer[]>();
  for (const answer of answers.filter((a) => isAccepted(a.status)))
    bySubject.set(answer.subject, [...(bySubject.get(answer.subject) ?? []), answer]);
  return bySubject;
}

/** The idempotency keys each subject's attempts carried. */
function keysBySubject(answers: Answer[]): Map<string, Set<string | undefined>> {
  const keys = new Map<string, Set<string | undefined>>();
  for (const { subject, key } of answers) keys.set(subject, (keys.get(subject) ?? new Set()).add(key));
  return keys;
}

async function post(server: ProductionServer, message: Contact, idempotencyKey?: string) {
  const response = await fetch(server.url + CONTACT, {
    method: "POST",
    headers: { "content-type": "application/json", ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) },
    body: JSON.stringify(message),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the failure message.
  }
  return { status: response.status, body };
}

/** The outbox command of the build, with the given queue settings (as the server gets them). */
function outbox(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [OUTBOX_CLI, ...args],
      { env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The dead letters' ids: `dead` prints one line per dead letter, starting with its id. */
async function deadLetterIds(env: Record<string, string>): Promise<string[]> {
  const result = await outbox(env, "dead");
  expect(result.code, `outbox dead failed:\n${result.stdout}${result.stderr}`).toBe(0);
  return result.stdout
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => line.split(/\s+/)[0]!);
}

/** Every valid message must reach the provider once, its five fields unchanged, under one key. */
function expectDeliveredOnce(answers: Answer[], subjects: string[]) {
  const delivered = accepted(answers);
  const counts = Object.fromEntries(subjects.map((s) => [s, delivered.get(s)?.length ?? 0]));
  expect(counts).toEqual(Object.fromEntries(subjects.map((s) => [s, 1])));
  for (const s of subjects) {
    const [delivery] = delivered.get(s)!;
    expect(delivery!.path).toBe(CONTACT);
    expect(JSON.parse(delivery!.body)).toEqual(contact(s));
  }
  // No other message was accepted either (the stand-in only ever saw ours).
  expect([...delivered.keys()].filter((s) => !subjects.includes(s))).toEqual([]);

  const keys = keysBySubject(answers);
  for (const s of subjects) {
    const seen = [...keys.get(s)!];
    expect(seen, `idempotency keys of "${s}"`).toHaveLength(1);
    expect(seen[0], `idempotency key of "${s}"`).toMatch(/^\S+$/);
  }
  // One key per message: no two messages share one.
  expect(new Set(subjects.map((s) => [...keys.get(s)!][0])).size).toBe(subjects.length);
}

/** A short, bounded look: nothing delivered once already is accepted a second time. */
async function expectNoSecondDelivery(answers: Answer[]) {
  const quietUntil = Date.now() + QUIET_MS;
  while (Date.now() < quietUntil) {
    const twice = [...accepted(answers)].filter(([, list]) => list.length > 1).map(([s]) => s);
    expect(twice, "messages accepted twice").toEqual([]);
    await sleep(100);
  }
}

/**
 * Seconds from the provider's return to each message's delivery: the slowest, the median, and
 * how many took longer than a few backoff caps (in the fleet: jobs a SIGKILL left locked).
 */
function deliveryTimes(answers: Answer[], since: number) {
  const seconds = [...accepted(answers).values()].map((list) => (list[0]!.at - since) / 1000).sort((a, b) => a - b);
  return {
    max: seconds.at(-1) ?? 0,
    median: seconds[Math.floor(seconds.length / 2)] ?? 0,
    slow: seconds.filter((s) => s > 5).length,
  };
}

const queued = { ok: true, queued: true };

// Side by side: each case has its own provider, Redis and files, and spends most of its time
// waiting for a lock to expire or a retry to come round.
describe.concurrent("contact messages kept while the provider is down", () => {
  it("across a fleet on Redis: replicas killed and restarted, every message delivered exactly once", async () => {
    const dir = tempDir("fleet");
    const redis = await redisServer();
    const upstream = await upstreamIn(503);
    const answers = recordAnswers(upstream);
    const env = (name: string): Record<string, string> => ({
      REDIS_URL: redis.url,
      CONTACT_UPSTREAM_URL: upstream.url,
      CONTACT_QUEUE_FILE: join(dir, `${name}.sqlite`),
      CONTACT_RETRY_MAX_DELAY_MS: "2000",
      CONTACT_UPSTREAM_TIMEOUT_MS: "5000",
      RATE_LIMIT_MAX: "1000",
    });
    let [a, b] = await Promise.all([replica(env("a")), replica(env("b"))]);

    // 30 visitors, alternating between the replicas, each form with its own key.
    const subjects = Array.from({ length: 30 }, (_, i) => `Fleet message ${String(i + 1).padStart(2, "0")}`);
    const keys = new Map(subjects.map((s) => [s, randomUUID()]));
    const statuses: Array<{ subject: string; status: number; body: unknown }> = [];
    for (const [i, subject] of subjects.entries())
      statuses.push({ subject, ...(await post(i % 2 ? b : a, contact(subject), keys.get(subject))) });
    // Five press Send again; the second press lands on the other replica.
    for (const [i, subject] of subjects.slice(0, 5).entries())
      statuses.push({ subject, ...(await post(i % 2 ? a : b, contact(subject), keys.get(subject))) });
    expect(statuses.filter((s) => s.status !== 202 || JSON.stringify(s.body) !== JSON.stringify(queued))).toEqual([]);

    // Slow answers from the provider keep deliveries in flight, so the SIGKILL is likely to
    // interrupt one: BullMQ must hand it to another replica once its lock expires.
    upstream.delayMs = 200;
    const retriesBefore = answers.length;
    await until(() => answers.length >= retriesBefore + 4, "the workers to retry");

    a.child.kill("SIGKILL");
    await a.exited;
    a = await replica(env("a"));
    expect(await b.stop(), "replica b's exit code after SIGTERM").toBe(0);
    b = await replica(env("b"));

    // A resend after the restarts is still the same message.
    for (const [i, subject] of subjects.slice(5, 7).entries())
      expect(await post(i % 2 ? b : a, contact(subject), keys.get(subject))).toEqual({ status: 202, body: queued });

    upstream.mode = 200;
    upstream.delayMs = 0;
    const recoveredAt = Date.now();
    await until(
      () => subjects.every((s) => accepted(answers).has(s)),
      () => `all 30 messages delivered (so far: ${accepted(answers).size})`,
    );
    const times = deliveryTimes(answers, recoveredAt);
    console.log(
      `fleet on Redis: 30 messages delivered ${times.max.toFixed(1)} s (median ${times.median.toFixed(1)} s, ${times.slow} over 5 s) ` +
        `after the provider came back; ${answers.length} attempts upstream in all`,
    );

    await expectNoSecondDelivery(answers);
    expectDeliveredOnce(answers, subjects);
  }, 180_000);

  it("one process without Redis: killed and restarted on its file, every message delivered exactly once", async () => {
    const dir = tempDir("file");
    const upstream = await upstreamIn(503);
    const answers = recordAnswers(upstream);
    const env: Record<string, string> = {
      CONTACT_UPSTREAM_URL: upstream.url,
      CONTACT_QUEUE_FILE: join(dir, "queue.sqlite"),
      CONTACT_RETRY_MAX_DELAY_MS: "2000",
      CONTACT_UPSTREAM_TIMEOUT_MS: "5000",
      RATE_LIMIT_MAX: "1000",
    };
    let server = await replica(env);

    const subjects = Array.from({ length: 15 }, (_, i) => `Solo message ${String(i + 1).padStart(2, "0")}`);
    const keys = new Map(subjects.map((s) => [s, randomUUID()]));
    const statuses: Array<{ subject: string; status: number; body: unknown }> = [];
    for (const subject of subjects)
      statuses.push({ subject, ...(await post(server, contact(subject), keys.get(subject))) });
    for (const subject of subjects.slice(0, 3))
      statuses.push({ subject, ...(await post(server, contact(subject), keys.get(subject))) });
    expect(statuses.filter((s) => s.status !== 202 || JSON.stringify(s.body) !== JSON.stringify(queued))).toEqual([]);

    upstream.delayMs = 200;
    const retriesBefore = answers.length;
    await until(() => answers.length >= retriesBefore + 2, "the worker to retry");
    server.child.kill("SIGKILL");
    await server.exited;
    server = await replica(env);

    // What the killed process answered is on disk: a resend is the same message.
    for (const subject of subjects.slice(3, 5))
      expect(await post(server, contact(subject), keys.get(subject))).toEqual({ status: 202, body: queued });

    upstream.mode = 200;
    upstream.delayMs = 0;
    const recoveredAt = Date.now();
    await until(
      () => subjects.every((s) => accepted(answers).has(s)),
      () => `all 15 messages delivered (so far: ${accepted(answers).size})`,
    );
    const times = deliveryTimes(answers, recoveredAt);
    console.log(
      `one process, file queue: 15 messages delivered ${times.max.toFixed(1)} s (median ${times.median.toFixed(1)} s, ${times.slow} over 5 s) ` +
        `after the provider came back; ${answers.length} attempts upstream in all`,
    );

    await expectNoSecondDelivery(answers);
    expectDeliveredOnce(answers, subjects);

    // The file is the server's while it runs: the command reads it once the server is gone.
    expect(await server.stop(), "exit code after SIGTERM").toBe(0);
    expect(await deadLetterIds(env)).toEqual([]);
  }, 180_000);

  it("permanent refusal goes to dead letters; the CLI retries and purges", async () => {
    const dir = tempDir("dead");
    const redis = await redisServer();
    const upstream = await upstreamIn(200);
    // Messages whose subject says "Refused" get a 422 while `refusing` holds.
    let refusing = true;
    const answers = recordAnswers(upstream, (subject) => (refusing && subject.startsWith("Refused") ? 422 : 200));
    const env: Record<string, string> = {
      REDIS_URL: redis.url,
      CONTACT_UPSTREAM_URL: upstream.url,
      CONTACT_QUEUE_FILE: join(dir, "queue.sqlite"),
      CONTACT_RETRY_MAX_DELAY_MS: "2000",
      CONTACT_UPSTREAM_TIMEOUT_MS: "5000",
      RATE_LIMIT_MAX: "1000",
    };
    // The command runs beside the server: in Redis mode there is no file lock to wait for.
    const cli = { REDIS_URL: env.REDIS_URL!, CONTACT_QUEUE_FILE: env.CONTACT_QUEUE_FILE! };
    const server = await replica(env);
    const refused = { status: 502, body: { error: relayErrors.upstreamRefused } };

    const send = async (subject: string, key: string) =>
      expect(await post(server, contact(subject), key)).toEqual(refused);
    const first = ["Refused one", "Refused two"];
    const firstKeys = first.map(() => randomUUID());
    for (const [i, subject] of first.entries()) await send(subject, firstKeys[i]!);
    // Send pressed again: the same answer, and the provider is not asked again.
    await send(first[0]!, firstKeys[0]!);
    await until(async () => (await deadLetterIds(cli)).length === 2, "two dead letters");
    expect(answers.filter((a) => a.subject === first[0]).map((a) => a.status)).toEqual([422]);

    // The listing names messages by id only: nothing the visitor wrote.
    const listing = await outbox(cli, "dead");
    for (const field of Object.values(contact(first[0]!)))
      expect(listing.stdout + listing.stderr, "personal data in the listing").not.toContain(field);
    const [firstId, secondId] = await deadLetterIds(cli);

    // The provider takes them now: one retried by id, then the rest.
    refusing = false;
    expect((await outbox(cli, "retry", firstId!)).code).toBe(0);
    await until(() => first.some((s) => accepted(answers).has(s)), "the retried dead letter delivered");
    expect(await deadLetterIds(cli)).toEqual([secondId]);
    expect((await outbox(cli, "retry", "--all")).code).toBe(0);
    await until(() => first.every((s) => accepted(answers).has(s)), "both dead letters delivered");
    expect(await deadLetterIds(cli)).toEqual([]);
    // Delivered once each, under the key of the refused attempt.
    expectDeliveredOnce(answers, first);

    // Two more refused for good: one purged by id, then the rest.
    refusing = true;
    const more = ["Refused three", "Refused four"];
    for (const subject of more) await send(subject, randomUUID());
    await until(async () => (await deadLetterIds(cli)).length === 2, "two new dead letters");
    const [thirdId, fourthId] = await deadLetterIds(cli);
    expect((await outbox(cli, "purge", thirdId!)).code).toBe(0);
    expect(await deadLetterIds(cli)).toEqual([fourthId]);
    expect((await outbox(cli, "purge", "--all")).code).toBe(0);
    expect(await deadLetterIds(cli)).toEqual([]);
    // Purged is gone: nothing is left for a retry to bring back.
    refusing = false;
    expect((await outbox(cli, "retry", "--all")).code).toBe(0);
    expect(await deadLetterIds(cli)).toEqual([]);

    expect(await server.stop(), "exit code after SIGTERM").toBe(0);
    expect(answers.filter((a) => more.includes(a.subject)).map((a) => a.status)).toEqual([422, 422]);
  });
});
