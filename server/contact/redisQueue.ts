import { Queue, UnrecoverableError, Worker, type Job } from "bullmq";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import {
  attemptDelivery,
  reportAttempt,
  retryDelayMs,
  type ContactJob,
  type DeliverySettings,
  type WorkerOutcome,
} from "./delivery.ts";
import {
  IDEMPOTENCY_WINDOW_MS,
  PENDING_CLAIM_MS,
  QueueFullError,
  fullness,
  jobBytes,
  senderDomain,
  type Answer,
  type ContactQueue,
  type DeadLetter,
  type EarlierAnswer,
  type KeptFilter,
  type KeptSummary,
  type QueueBounds,
  type QueueCounts,
} from "./queue.ts";
import { logOutages, reconnect, type RedisLink } from "./redis.ts";
import type { SqliteQueue } from "./sqliteQueue.ts";

const QUEUE_NAME = "contact";
/** A message is retried until it is delivered, refused for good, or past the maximum age. */
const UNLIMITED_ATTEMPTS = 1_000_000;
/** Without a lock renewal for this long, a job's replica is taken for dead and another takes it. */
const LOCK_MS = 15_000;
/** A Redis command of the request path (claim, add) that takes longer fails: the visitor gets 503. */
const COMMAND_TIMEOUT_MS = 2_000;
const RETENTION_SWEEP_MS = 60 * 60 * 1000;
/** The bounds are judged on counts at most this old. */
const RECOUNT_MS = 1_000;
const KEPT_STATES = ["waiting", "delayed", "active", "prioritized", "failed"] as const;

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
  /** The request path's connection (server/contact/redis.ts); the worker opens one of its own. */
  link: RedisLink;
  url: string;
  logger: Logger;
  bounds: QueueBounds;
  /** Dead letters are deleted this long after they died. */
  retentionMs: number;
  /** Delays of the first retry after a failed direct attempt (the worker's backoff uses the same). */
  retry: Pick<DeliverySettings, "retryBaseMs" | "retryMaxDelayMs">;
  /** Redis key prefix (BullMQ's default is "bull"); tests give each run its own. */
  prefix?: string;
  /** Told each delivery outcome (server/metrics.ts). */
  onOutcome?: ((outcome: WorkerOutcome) => void) | undefined;
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

  /** What Redis held when last counted: jobs kept, and its used memory. */
  private held = { messages: 0, bytes: 0, at: -Infinity };
  private recounting: Promise<void> | undefined;

  constructor(private readonly options: RedisQueueOptions) {
    this.log = options.logger.child({ component: "contact-queue", queue: "redis" });
    this.prefix = options.prefix ?? "bull";
    this.client = options.link.client;
    this.queue = new Queue<ContactJob>(QUEUE_NAME, { connection: this.client, prefix: this.prefix });
    this.queue.on("error", () => {});
  }

  /** Counts jobs and Redis's memory again, at most once a second; the bounds read the last count. */
  private recount(): Promise<void> {
    if (performance.now() - this.held.at < RECOUNT_MS) return Promise.resolve();
    this.recounting ??= (async () => {
      const counts = await this.queue.getJobCounts(...KEPT_STATES);
      const memory = /used_memory:(\d+)/.exec(await this.client.info("memory"))?.[1];
      const messages = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
      this.held = { messages, bytes: Number(memory ?? 0), at: performance.now() };
    })()
      .catch(() => {})
      .finally(() => (this.recounting = undefined));
    return this.recounting;
  }

  isFull(): boolean {
    void this.recount();
    return fullness(this.options.bounds, this.held.messages, this.held.bytes) >= 1;
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
    await this.recount();
    if (this.isFull()) throw new QueueFullError();
    await this.add(job);
    // Until the next count, what this replica added counts too: a count that fails or lags
    // (a busy Redis) never leaves the bounds open.
    this.held.messages++;
    this.held.bytes += jobBytes(job);
  }

  /** Adds a job whatever the bounds: what a replica moves in from its SQLite store. */
  private async add(job: ContactJob): Promise<void> {
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
    logOutages(connection, this.log, "contact worker cannot reach Redis: queued messages wait until it is back");
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
    reportAttempt(this.log, this.options.onOutcome, job.data, attempt, job.attemptsMade + 1, now);
    if (attempt.outcome === "delivered") return attempt.status;
    if (attempt.outcome === "dead") throw new UnrecoverableError(attempt.reason);
    if (job.data.firstFailedAt === undefined) await job.updateData({ ...job.data, firstFailedAt: now });
    throw new Error(attempt.reason);
  }

  /**
   * Moves what this replica kept in SQLite before REDIS_URL was set into the queue. Ids stay,
   * so the provider sees the same Idempotency-Key as before and a message moved twice is one job.
   */
  async absorb(store: SqliteQueue): Promise<number> {
    let moved = 0;
    for await (const { job, deadReason } of store.jobs()) {
      await this.add(deadReason === null ? job : { ...job, deadReason: deadReason || "dead letter" });
      moved++;
    }
    return moved;
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

  private async keptJobs(filter: KeptFilter): Promise<Array<Job<ContactJob>>> {
    await this.connected();
    if (filter.id !== undefined) {
      const job = await this.queue.getJob(filter.id);
      return job && (!filter.dead || (await job.isFailed())) ? [job] : [];
    }
    const found: Array<Job<ContactJob>> = [];
    for (let start = 0; ; start += 1000) {
      const states = filter.dead ? ["failed" as const] : [...KEPT_STATES];
      const page = (await this.queue.getJobs(states, start, start + 999, true)) as Array<Job<ContactJob>>;
      for (const job of page)
        if (
          (filter.domain === undefined || senderDomain(job.data) === filter.domain.toLowerCase()) &&
          (filter.receivedBefore === undefined || job.data.receivedAt < filter.receivedBefore)
        )
          found.push(job);
      if (page.length < 1000) return found.sort((a, b) => a.data.receivedAt - b.data.receivedAt);
    }
  }

  async listKept(filter: KeptFilter = {}): Promise<KeptSummary[]> {
    return Promise.all(
      (await this.keptJobs(filter)).map(async (job) => ({
        id: String(job.id),
        receivedAt: job.data.receivedAt,
        senderDomain: senderDomain(job.data),
        dead: await job.isFailed(),
      })),
    );
  }

  async deleteKept(filter: KeptFilter): Promise<number> {
    const jobs = await this.keptJobs(filter);
    let deleted = 0;
    // A job being delivered right now is locked: it is left to finish.
    for (const job of jobs)
      await job.remove().then(
        () => deleted++,
        () => {},
      );
    this.held.at = -Infinity;
    return deleted;
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
    this.held.at = -Infinity;
    await this.recount();
    return {
      queued,
      dead: counts.failed ?? 0,
      oldestQueuedAt: oldest,
      bytes: this.held.bytes,
      fullness: fullness(this.options.bounds, this.held.messages, this.held.bytes),
    };
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
  }
}
