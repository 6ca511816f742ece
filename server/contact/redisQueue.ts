import { unlink } from "node:fs/promises";
import { Queue, UnrecoverableError, Worker, type Job } from "bullmq";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import { attemptDelivery, retryDelayMs, type ContactJob, type DeliverySettings } from "./delivery.ts";
import { legacyDeadLetterFile, readQueueFile } from "./fileQueue.ts";
import {
  IDEMPOTENCY_WINDOW_MS,
  PENDING_CLAIM_MS,
  type Answer,
  type ContactQueue,
  type DeadLetter,
  type EarlierAnswer,
  type QueueCounts,
} from "./queue.ts";

const QUEUE_NAME = "contact";
/** A message is retried until it is delivered, refused for good, or past the maximum age. */
const UNLIMITED_ATTEMPTS = 1_000_000;
/** Without a lock renewal for this long, a job's replica is taken for dead and another takes it. */
const LOCK_MS = 15_000;
/** A Redis command of the request path (claim, add) that takes longer fails: the visitor gets 503. */
const COMMAND_TIMEOUT_MS = 2_000;
const RETENTION_SWEEP_MS = 60 * 60 * 1000;
const reconnect = (times: number) => Math.min(100 * 2 ** times, 2_000);

/**
 * BullMQ waits for its connection before a command, for as long as Redis is away: on the
 * request path that would hold the visitor's request forever. Past the deadline it fails (the
 * visitor hears 503); an add that still lands later is the same job id, so a resend is one job.
 */
function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export interface RedisQueueOptions {
  url: string;
  logger: Logger;
  /** Dead letters are deleted this long after they died. */
  retentionMs: number;
  /** Delays of the first retry after a failed direct attempt (the worker's backoff uses the same). */
  retry: Pick<DeliverySettings, "retryBaseMs" | "retryMaxDelayMs">;
  /** Redis key prefix (BullMQ's default is "bull"); tests give each run its own. */
  prefix?: string;
  /** Told each delivery outcome (server/metrics.ts). */
  onOutcome?: ((outcome: "delivered" | "retry" | "dead_lettered") => void) | undefined;
}

/**
 * The fleet's queue (REDIS_URL): BullMQ. Any replica's worker takes any job; a job whose
 * replica dies mid-delivery loses its lock within LOCK_MS and another worker picks it up.
 * Delivered jobs are removed at once (removeOnComplete); failed jobs are the dead letters.
 */
export class RedisQueue implements ContactQueue {
  readonly kind = "redis" as const;
  private readonly client: Redis;
  private readonly queue: Queue<ContactJob>;
  private worker: Worker<ContactJob> | undefined;
  private workerConnection: Redis | undefined;
  private sweep: NodeJS.Timeout | undefined;
  private readonly log: Logger;
  private readonly prefix: string;

  constructor(private readonly options: RedisQueueOptions) {
    this.log = options.logger.child({ component: "contact-queue", queue: "redis" });
    this.prefix = options.prefix ?? "bull";
    // The request path never waits for a Redis that is away: no offline queue, a deadline per
    // command. The visitor then hears 503 (or the provider's answer) at once.
    this.client = new Redis(options.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: COMMAND_TIMEOUT_MS,
      retryStrategy: reconnect,
    });
    this.onOutage(
      this.client,
      "contact queue cannot reach Redis: a message the provider does not take at once gets 503 until it is back",
    );
    this.queue = new Queue<ContactJob>(QUEUE_NAME, { connection: this.client, prefix: this.prefix });
    this.queue.on("error", () => {});
  }

  /** node-redis and ioredis report every failed reconnect: one line per outage is enough. */
  private onOutage(client: Redis, message: string): void {
    let down = false;
    client.on("error", (err: unknown) => {
      if (down) return;
      down = true;
      this.log.error({ err }, message);
    });
    client.on("ready", () => {
      if (down) this.log.info("contact queue reconnected to Redis");
      down = false;
    });
  }

  /**
   * Resolves once the connection is up, or after COMMAND_TIMEOUT_MS (the command then fails at
   * once): without an offline queue, a command sent while connecting would fail for nothing.
   */
  private connected(): Promise<void> {
    if (this.client.status === "ready") return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.client.off("ready", done);
        resolve();
      };
      const timer = setTimeout(done, COMMAND_TIMEOUT_MS);
      this.client.on("ready", done);
    });
  }

  private answeredKey(id: string): string {
    return `${this.prefix}:${QUEUE_NAME}:answered:${id}`;
  }

  writable(): Promise<boolean> {
    return Promise.resolve(this.client.status === "ready");
  }

  async claim(id: string): Promise<EarlierAnswer | undefined> {
    await this.connected();
    const key = this.answeredKey(id);
    for (let tries = 0; tries < 2; tries++) {
      if ((await this.client.set(key, "pending", "PX", PENDING_CLAIM_MS, "NX")) === "OK") return undefined;
      const earlier = await this.client.get(key);
      if (earlier === "pending") return "pending";
      if (earlier === "queued") return "queued";
      if (earlier !== null) return Number(earlier);
      // Expired between the two commands: claim again.
    }
    return "pending";
  }

  async remember(id: string, status: Answer): Promise<void> {
    await this.connected();
    await this.client.set(this.answeredKey(id), String(status), "PX", IDEMPOTENCY_WINDOW_MS);
  }

  async forget(id: string): Promise<void> {
    await this.connected();
    await this.client.del(this.answeredKey(id));
  }

  async enqueue(job: ContactJob): Promise<void> {
    await this.connected();
    await withDeadline(
      this.queue.add(QUEUE_NAME, job, {
        // The same message is one job: BullMQ ignores an add whose id exists.
        jobId: job.id,
        attempts: UNLIMITED_ATTEMPTS,
        backoff: { type: "capped" },
        // A message the provider just failed to take waits its first backoff.
        delay: job.firstFailedAt ? retryDelayMs(1, this.options.retry) : 0,
        removeOnComplete: true,
        removeOnFail: false,
      }),
      COMMAND_TIMEOUT_MS,
      "the new job",
    );
  }

  startWorker(settings: DeliverySettings | undefined): void {
    const sweep = () =>
      void this.queue
        .clean(this.options.retentionMs, 1000, "failed")
        .then((ids) => ids.length > 0 && this.log.info({ purged: ids.length }, "dead letters past retention purged"))
        .catch(() => {});
    sweep();
    this.sweep = setInterval(sweep, RETENTION_SWEEP_MS);
    this.sweep.unref();
    if (!settings) return;
    // A worker blocks on its connection: it gets its own, which waits for Redis however long.
    const connection = new Redis(this.options.url, { maxRetriesPerRequest: null, retryStrategy: reconnect });
    this.workerConnection = connection;
    this.onOutage(connection, "contact worker cannot reach Redis: queued messages wait until it is back");
    this.worker = new Worker<ContactJob>(QUEUE_NAME, (job) => this.process(job, settings), {
      connection,
      prefix: this.prefix,
      concurrency: 4,
      lockDuration: LOCK_MS,
      stalledInterval: LOCK_MS,
      // A replica killed mid-delivery is no reason to give a message up.
      maxStalledCount: UNLIMITED_ATTEMPTS,
      settings: { backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade, settings) },
    });
    this.worker.on("error", () => {});
  }

  /** The processor: a plain function of the job. Throwing retries; UnrecoverableError dead-letters. */
  private async process(job: Job<ContactJob>, settings: DeliverySettings): Promise<number> {
    const now = Date.now();
    const attempt = await attemptDelivery(settings, job.data, now);
    const attempts = job.attemptsMade + 1;
    const jobId = job.id;
    switch (attempt.outcome) {
      case "delivered":
        this.options.onOutcome?.("delivered");
        this.log.info(
          {
            jobId,
            contactOutcome: "delivered",
            upstreamStatus: attempt.status,
            attempts,
            queuedMs: now - job.data.receivedAt,
          },
          "queued contact message delivered",
        );
        return attempt.status;
      case "dead":
        this.options.onOutcome?.("dead_lettered");
        this.log.error(
          { jobId, contactOutcome: "dead_lettered", reason: attempt.reason, attempts },
          "contact message dead-lettered",
        );
        throw new UnrecoverableError(attempt.reason);
      case "retry":
        if (job.data.firstFailedAt === undefined) await job.updateData({ ...job.data, firstFailedAt: now });
        this.options.onOutcome?.("retry");
        this.log.warn(
          { jobId, contactOutcome: "retry", reason: attempt.reason, attempts },
          "contact message not taken upstream; retried later",
        );
        throw new Error(attempt.reason);
    }
  }

  /**
   * Moves what an outbox or file queue of this replica kept (CONTACT_OUTBOX_FILE, from before
   * REDIS_URL was set) into the queue, then deletes the file. Ids stay, so the provider sees
   * the same Idempotency-Key as before and a message moved twice is one job.
   */
  async absorbFile(file: string): Promise<number> {
    const { state } = await readQueueFile(file);
    for (const kept of state.kept.values()) await this.enqueue(kept.job);
    for (const dead of state.dead.values())
      await this.enqueue({ ...dead.job, deadReason: dead.reason || "dead letter" });
    for (const [id, answer] of state.answered) await this.remember(id, answer.status);
    await unlink(file).catch(() => {});
    await unlink(legacyDeadLetterFile(file)).catch(() => {});
    return state.kept.size + state.dead.size;
  }

  async listDead(): Promise<DeadLetter[]> {
    await this.connected();
    const jobs = await this.queue.getFailed(0, -1);
    return jobs.map((job) => ({
      id: String(job.id),
      receivedAt: job.data.receivedAt,
      deadAt: job.finishedOn ?? 0,
      reason: job.failedReason,
      attempts: job.attemptsMade,
    }));
  }

  private async deadJobs(id?: string): Promise<Array<Job<ContactJob>>> {
    await this.connected();
    if (id === undefined) return (await this.queue.getFailed(0, -1)) as Array<Job<ContactJob>>;
    const job = await this.queue.getJob(id);
    return job && (await job.isFailed()) ? [job] : [];
  }

  async retryDead(id?: string): Promise<number> {
    const jobs = await this.deadJobs(id);
    for (const job of jobs) {
      // A new start: a new maximum age, and no longer marked dead from a moved dead-letter file.
      const { firstFailedAt: _age, deadReason: _dead, ...data } = job.data;
      await job.updateData(data);
      await job.retry("failed", { resetAttemptsMade: true });
    }
    return jobs.length;
  }

  async purgeDead(id?: string): Promise<number> {
    const jobs = await this.deadJobs(id);
    for (const job of jobs) await job.remove();
    return jobs.length;
  }

  async counts(): Promise<QueueCounts> {
    await this.connected();
    const counts = await this.queue.getJobCounts("waiting", "delayed", "active", "prioritized", "failed");
    const queued = (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.active ?? 0) + (counts.prioritized ?? 0);
    // Delayed jobs are ordered by their next attempt, not their age: the oldest is looked for
    // among the first thousand (a queue that long has already paged someone).
    const waiting = await this.queue.getJobs(["delayed", "waiting", "active", "prioritized"], 0, 999);
    const oldest = waiting.reduce<number | undefined>(
      (min, job) => (min === undefined || job.data.receivedAt < min ? job.data.receivedAt : min),
      undefined,
    );
    return { queued, dead: counts.failed ?? 0, oldestQueuedAt: oldest };
  }

  async stopWorker(): Promise<void> {
    if (this.sweep) clearInterval(this.sweep);
    // Stops taking jobs and waits for those in flight (each ends within the upstream time-out).
    await this.worker?.close();
  }

  async close(): Promise<void> {
    await this.stopWorker();
    await this.queue.close().catch(() => {});
    this.workerConnection?.disconnect();
    this.client.disconnect();
  }
}
