import { Queue, UnrecoverableError, Worker, type Job } from "bullmq";
import { Redis } from "ioredis";
import { attemptDelivery, jobBytes, retryDelayMs, senderDomain } from "./delivery.ts";
import type { ContactJob, DeliverySettings } from "./delivery.ts";
import { ContactQueue, DELIVERIES_AT_ONCE, IDEMPOTENCY_WINDOW_MS, PENDING_CLAIM_MS, QueueFullError } from "./queue.ts";
import type { Answer, EarlierAnswer, KeptSummary, QueueCounts, StoreOptions } from "./queue.ts";
import { COMMAND_TIMEOUT_MS, logOutages, reconnect, type RedisLink } from "../redis.ts";

const QUEUE_NAME = "contact";
/** A message is retried until delivered, refused for good, or past the maximum age. */
const UNLIMITED_ATTEMPTS = 1_000_000;
/** A job whose replica renews no lock for this long is taken by another. */
const LOCK_MS = 15_000;
const RETENTION_SWEEP_MS = 60 * 60 * 1000;
/** The bounds are judged on counts at most this old. */
const RECOUNT_MS = 1_000;
const QUEUED = ["waiting", "delayed", "active", "prioritized"] as const;

export interface RedisQueueOptions extends StoreOptions {
  /** The request path's connection (server/redis.ts); the worker opens one of its own. */
  link: RedisLink;
  url: string;
  /** Redis key prefix (BullMQ's default "bull"); tests give each run its own. */
  prefix?: string;
}

/**
 * The fleet's queue (REDIS_URL): BullMQ. Any replica's worker takes any job; a job whose
 * replica dies mid-delivery loses its lock within LOCK_MS and another worker takes it.
 * Delivered jobs are removed at once; failed jobs are the dead letters.
 */
export class RedisQueue extends ContactQueue {
  private readonly client: Redis;
  private readonly queue: Queue<ContactJob>;
  private worker: Worker<ContactJob> | undefined;
  private workerConnection: Redis | undefined;
  private sweep: NodeJS.Timeout | undefined;
  private readonly prefix: string;
  /** When `held` (jobs kept, and Redis's used memory) was last counted. */
  private countedAt = -Infinity;
  private recounting: Promise<void> | undefined;
  /** The count by state that `held` was last added up from. */
  private jobCounts: Record<string, number> = {};
  private connected: Promise<void> | undefined;

  constructor(private readonly redis: RedisQueueOptions) {
    super(redis, "redis");
    this.prefix = redis.prefix ?? "bull";
    this.client = redis.link.client;
    this.queue = new Queue<ContactJob>(QUEUE_NAME, { connection: this.client, prefix: this.prefix });
    this.queue.on("error", () => {});
  }

  /**
   * BullMQ waits for its connection before each command, however long Redis is away: on the
   * request path that would hold the request forever. Past the deadline it fails (the sender hears
   * 503); an add that lands later is the same job id, so a resend is still one job.
   */
  private async ready<T>(what: string, work: () => Promise<T>): Promise<T> {
    // One listener for every request waiting, not one each (a flood would pile them up).
    this.connected ??= new Promise<void>((resolve) => this.client.once("ready", resolve)).finally(
      () => (this.connected = undefined),
    );
    const connected = this.client.status === "ready" ? Promise.resolve() : this.connected;
    let timer: NodeJS.Timeout | undefined;
    const late = new Error(`Redis did not answer ${what} within ${COMMAND_TIMEOUT_MS} ms`);
    const deadline = new Promise<never>((_resolve, reject) => (timer = setTimeout(reject, COMMAND_TIMEOUT_MS, late)));
    return Promise.race([connected.then(work), deadline]).finally(() => clearTimeout(timer));
  }

  /** Counts jobs and Redis's memory again, at most once a second; the bounds read the last count. */
  private recount(): Promise<void> {
    if (performance.now() - this.countedAt < RECOUNT_MS) return Promise.resolve();
    this.recounting ??= (async () => {
      const counts = (this.jobCounts = await this.queue.getJobCounts(...QUEUED, "failed"));
      const memory = /used_memory:(\d+)/.exec(await this.client.info("memory"))?.[1];
      const messages = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
      this.held = { messages, bytes: Number(memory ?? 0) };
      this.countedAt = performance.now();
    })()
      .catch(() => {})
      .finally(() => (this.recounting = undefined));
    return this.recounting;
  }

  override isFull(): boolean {
    void this.recount();
    return super.isFull();
  }

  writable(): Promise<boolean> {
    return Promise.resolve(this.client.status === "ready");
  }

  private answeredKey = (id: string) => `${this.prefix}:${QUEUE_NAME}:answered:${id}`;

  claim(id: string): Promise<EarlierAnswer | undefined> {
    return this.ready("the claim", async () => {
      // One command: claims the id when no request has, else reads what the earlier one got.
      const earlier = await this.client.set(this.answeredKey(id), "pending", "PX", PENDING_CLAIM_MS, "NX", "GET");
      if (earlier === null) return undefined;
      return earlier === "pending" || earlier === "queued" ? earlier : Number(earlier);
    });
  }

  async remember(id: string, status: Answer): Promise<void> {
    await this.ready("the answer", () =>
      this.client.set(this.answeredKey(id), String(status), "PX", IDEMPOTENCY_WINDOW_MS),
    );
  }

  async forget(id: string): Promise<void> {
    await this.ready("the release", () => this.client.del(this.answeredKey(id)));
  }

  async enqueue(job: ContactJob): Promise<void> {
    await this.ready("the new job", async () => {
      await this.recount();
      if (this.isFull()) throw new QueueFullError();
      // The same message is one job: BullMQ ignores an add whose id exists.
      await this.queue.add(QUEUE_NAME, job, {
        jobId: job.id,
        attempts: UNLIMITED_ATTEMPTS,
        backoff: { type: "capped" },
        delay: this.firstDelay(job),
        removeOnComplete: true,
        removeOnFail: false,
      });
    });
    // Until the next count, what this replica added counts too: a count that fails or lags never leaves the bounds open.
    this.held.messages++;
    this.held.bytes += jobBytes(job);
  }

  startWorker(settings: DeliverySettings | undefined): void {
    this.settings = settings;
    const sweep = () =>
      void this.queue
        .clean(this.options.retentionMs, 1000, "failed")
        .then((ids) => ids.length > 0 && this.log.info({ purged: ids.length }, "dead letters past retention purged"))
        .catch(() => {});
    sweep();
    this.sweep = setInterval(sweep, RETENTION_SWEEP_MS).unref();
    if (!settings) return;
    // A worker blocks on its connection: it has its own, which waits for Redis however long.
    const connection = new Redis(this.redis.url, { maxRetriesPerRequest: null, retryStrategy: reconnect });
    this.workerConnection = connection;
    logOutages(connection, this.log, "contact worker cannot reach Redis: queued messages wait until it is back");
    this.worker = new Worker<ContactJob>(QUEUE_NAME, (job) => this.process(job, settings), {
      connection,
      prefix: this.prefix,
      concurrency: DELIVERIES_AT_ONCE,
      lockDuration: LOCK_MS,
      stalledInterval: LOCK_MS,
      maxStalledCount: UNLIMITED_ATTEMPTS, // A replica killed mid-delivery is no reason to give a message up.
      settings: { backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade, settings) },
    });
    this.worker.on("error", () => {});
  }

  /** Throwing retries; UnrecoverableError dead-letters. */
  private async process(job: Job<ContactJob>, settings: DeliverySettings): Promise<number> {
    const now = Date.now();
    const attempt = await attemptDelivery(settings, job.data, now);
    this.report(job.data, attempt, job.attemptsMade + 1, now);
    if (attempt.outcome === "delivered") return attempt.status;
    if (attempt.outcome === "dead") throw new UnrecoverableError(attempt.reason);
    if (job.data.firstFailedAt === undefined) await job.updateData({ ...job.data, firstFailedAt: now });
    throw new Error(attempt.reason);
  }

  protected async summaries(dead: boolean): Promise<KeptSummary[]> {
    const summary = (job: Job<ContactJob>, isDead: boolean): KeptSummary => ({
      id: String(job.id),
      receivedAt: job.data.receivedAt,
      senderDomain: senderDomain(job.data),
      attempts: job.attemptsMade,
      ...(isDead ? { deadAt: job.finishedOn ?? 0, reason: job.failedReason } : {}),
    });
    const failed = (await this.queue.getJobs(["failed"])).map((job) => summary(job, true));
    const queued = dead ? [] : (await this.queue.getJobs([...QUEUED])).map((job) => summary(job, false));
    return [...queued, ...failed].sort((a, b) => a.receivedAt - b.receivedAt);
  }

  protected async remove(ids: string[]): Promise<number> {
    let deleted = 0;
    // A job being delivered right now is locked: it is left to finish.
    for (const id of ids) deleted += await this.queue.remove(id).catch(() => 0);
    this.countedAt = -Infinity;
    return deleted;
  }

  protected async revive(ids: string[]): Promise<number> {
    let revived = 0;
    for (const id of ids) {
      const job = await this.queue.getJob(id);
      if (!job) continue;
      // A new start: a new maximum age, no longer marked dead.
      const { firstFailedAt: _age, deadReason: _dead, ...data } = job.data;
      await job.updateData(data);
      await job.retry("failed", { resetAttemptsMade: true });
      revived++;
    }
    return revived;
  }

  async counts(): Promise<QueueCounts> {
    this.countedAt = -Infinity;
    await this.recount();
    const counts = this.jobCounts;
    // Delayed jobs are ordered by their next attempt, not their age: the oldest is looked for
    // among the first thousand (a queue that long has paged someone already).
    const waiting = await this.queue.getJobs([...QUEUED], 0, 999);
    return {
      queued: QUEUED.reduce((sum, state) => sum + (counts[state] ?? 0), 0),
      dead: counts["failed"] ?? 0,
      oldestQueuedAt: waiting.length ? Math.min(...waiting.map((job) => job.data.receivedAt)) : undefined,
      bytes: this.held.bytes,
      fullness: this.fullness(),
    };
  }

  async stopWorker(): Promise<void> {
    clearInterval(this.sweep);
    await this.worker?.close(); // Waits for the jobs in flight, each within the upstream time-out.
  }

  async close(): Promise<void> {
    await this.stopWorker();
    await this.queue.close().catch(() => {});
    this.workerConnection?.disconnect();
  }
}
