import { hostname } from "node:os";
import { constants } from "node:fs";
import { access, lstat, unlink } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { Logger } from "pino";
import { attemptDelivery, retryDelayMs, type ContactJob, type DeliverySettings } from "./delivery.ts";
import {
  appendLines,
  ensureFolder,
  openFlags,
  openOwnFile,
  readLines,
  replaceLines,
  UnsafeFileError,
  type ChunkWriter,
} from "./durableFile.ts";
import {
  IDEMPOTENCY_WINDOW_MS,
  PENDING_CLAIM_MS,
  type Answer,
  type ContactQueue,
  type DeadLetter,
  type EarlierAnswer,
  type QueueCounts,
} from "./queue.ts";

interface Kept {
  job: ContactJob;
  attempts: number;
  nextAttemptAt: number;
}
interface Dead {
  job: ContactJob;
  attempts: number;
  deadAt: number;
  reason: string;
}

/** What the journal describes: the messages kept, the dead letters, the answers given by key. */
export interface QueueState {
  kept: Map<string, Kept>;
  dead: Map<string, Dead>;
  answered: Map<string, { status: Answer; at: number }>;
}

/**
 * One line of the journal (NDJSON). The file is the queue: reading it from the top gives the
 * state; it is rewritten with only the live state after deliveries (so a delivered message's
 * personal data leaves the disk at once) and at start.
 */
type Entry =
  | { op: "keep"; job: ContactJob; attempts: number; nextAttemptAt: number }
  | { op: "tried"; id: string; attempts: number; nextAttemptAt: number; firstFailedAt: number }
  | { op: "delivered"; id: string }
  | { op: "dead"; id: string; reason: string; deadAt: number }
  | { op: "deadletter"; job: ContactJob; attempts: number; deadAt: number; reason: string }
  | { op: "revive"; id: string; at: number }
  | { op: "purge"; id: string }
  | { op: "answered"; id: string; status: Answer; at: number };

/** A line of the outbox file this queue replaces (before docs/decisions/012): a kept message. */
interface LegacyRecord {
  id: string;
  receivedAt: string;
  requestId?: string;
  reason?: string;
  attempts?: number;
  contact: ContactJob["contact"];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

function legacyJob(record: LegacyRecord): ContactJob {
  const receivedAt = Date.parse(record.receivedAt);
  return {
    id: record.id,
    receivedAt: Number.isFinite(receivedAt) ? receivedAt : Date.now(),
    ...(record.requestId ? { requestId: record.requestId } : {}),
    contact: record.contact,
  };
}

export const emptyState = (): QueueState => ({ kept: new Map(), dead: new Map(), answered: new Map() });

/** Applies one journal line; a line it cannot read (a torn write, another format) is counted and skipped. */
export function applyLine(state: QueueState, line: string, deadFile = false): boolean {
  if (line.trim() === "") return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return false;
  }
  if (!isObject(parsed)) return false;
  if (!("op" in parsed)) {
    // The old outbox's records: kept messages, or dead letters in its dead-letter file.
    if (typeof parsed.id !== "string" || !isObject(parsed.contact)) return false;
    const record = parsed as unknown as LegacyRecord;
    const job = legacyJob(record);
    if (deadFile)
      state.dead.set(job.id, { job, attempts: record.attempts ?? 0, deadAt: Date.now(), reason: record.reason ?? "" });
    else state.kept.set(job.id, { job, attempts: record.attempts ?? 0, nextAttemptAt: 0 });
    return true;
  }
  return applyEntry(state, parsed as Entry);
}

/** Applies one journal entry to the state; false for an op this version does not know. */
function applyEntry(state: QueueState, entry: Entry): boolean {
  switch (entry.op) {
    case "keep":
      if (!state.dead.has(entry.job.id)) state.kept.set(entry.job.id, { ...entry });
      return true;
    case "tried": {
      const kept = state.kept.get(entry.id);
      if (kept)
        state.kept.set(entry.id, {
          job: { ...kept.job, firstFailedAt: entry.firstFailedAt },
          attempts: entry.attempts,
          nextAttemptAt: entry.nextAttemptAt,
        });
      return true;
    }
    case "delivered":
      state.kept.delete(entry.id);
      return true;
    case "dead": {
      const kept = state.kept.get(entry.id);
      state.kept.delete(entry.id);
      if (kept)
        state.dead.set(entry.id, {
          job: kept.job,
          attempts: kept.attempts,
          deadAt: entry.deadAt,
          reason: entry.reason,
        });
      return true;
    }
    case "deadletter":
      state.dead.set(entry.job.id, {
        job: entry.job,
        attempts: entry.attempts,
        deadAt: entry.deadAt,
        reason: entry.reason,
      });
      return true;
    case "revive": {
      const dead = state.dead.get(entry.id);
      state.dead.delete(entry.id);
      if (dead) {
        const { deadReason: _dropped, firstFailedAt: _restarted, ...job } = dead.job;
        state.kept.set(entry.id, { job, attempts: 0, nextAttemptAt: entry.at });
      }
      return true;
    }
    case "purge":
      state.dead.delete(entry.id);
      return true;
    case "answered":
      state.answered.set(entry.id, { status: entry.status, at: entry.at });
      return true;
    default:
      return false;
  }
}

/** The journal that describes `state` and nothing else: what a compaction writes. */
export function snapshot(state: QueueState, now = Date.now()): string[] {
  const lines: string[] = [];
  for (const kept of state.kept.values()) lines.push(JSON.stringify({ op: "keep", ...kept } satisfies Entry));
  for (const dead of state.dead.values()) lines.push(JSON.stringify({ op: "deadletter", ...dead } satisfies Entry));
  for (const [id, answer] of state.answered)
    if (now - answer.at < IDEMPOTENCY_WINDOW_MS)
      lines.push(JSON.stringify({ op: "answered", id, ...answer } satisfies Entry));
  return lines;
}

/** The old outbox's dead-letter file beside it, moved into the queue at start. */
export function legacyDeadLetterFile(file: string): string {
  return file.replace(/(\.ndjson)?$/, ".dead-letter.ndjson");
}

/** Reads the journal (and an old dead-letter file beside it) into a state. */
export async function readQueueFile(file: string): Promise<{ state: QueueState; unreadable: number }> {
  const state = emptyState();
  let unreadable = 0;
  for (const line of await readLines(legacyDeadLetterFile(file))) if (!applyLine(state, line, true)) unreadable++;
  for (const line of await readLines(file)) if (!applyLine(state, line)) unreadable++;
  return { state, unreadable };
}

export class QueueBusyError extends Error {
  override name = "QueueBusyError";
}

/** A lock not refreshed for this long belongs to a process that is gone, on any host. */
const LOCK_STALE_MS = 30_000;
const LOCK_HEARTBEAT_MS = 10_000;

/**
 * One process at a time works on a queue file. The holder touches the lock every 10 s; a lock
 * older than 30 s is stale whoever left it (another pod on a shared volume included), and one
 * left on this host by a process that is gone is stale at once.
 */
async function takeLock(lockFile: string): Promise<() => Promise<void>> {
  for (let tries = 0; tries < 2; tries++) {
    try {
      const handle = await openOwnFile(lockFile, openFlags.create);
      await handle.writeFile(JSON.stringify({ pid: process.pid, host: hostname(), at: new Date().toISOString() }));
      // Touched through the handle kept open: a lock swapped for a link touches nothing else.
      const heartbeat = setInterval(() => {
        const now = new Date();
        void handle.utimes(now, now).catch(() => {});
      }, LOCK_HEARTBEAT_MS);
      heartbeat.unref();
      return async () => {
        clearInterval(heartbeat);
        await handle.close().catch(() => {});
        await unlink(lockFile).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = await lockHolder(lockFile);
      if (!holder.stale)
        throw new QueueBusyError(
          `the contact queue ${lockFile.replace(/\.lock$/, "")} is in use by process ${holder.pid} on ${holder.host}` +
            " (a running server): stop it first, or set REDIS_URL for a queue several processes share",
        );
      await unlink(lockFile).catch(() => {});
    }
  }
  throw new QueueBusyError(`could not take the lock ${lockFile}`);
}

async function lockHolder(lockFile: string): Promise<{ pid: number; host: string; stale: boolean }> {
  const info = await lstat(lockFile).catch(() => undefined);
  if (info?.isSymbolicLink()) throw new UnsafeFileError(`${lockFile} is a symbolic link: refusing to use it`);
  const text = (await readLines(lockFile).catch(() => [])).join("\n");
  let pid = 0;
  let host = "";
  try {
    ({ pid, host } = JSON.parse(text) as { pid: number; host: string });
  } catch {
    // Half-written by a process that died while taking it: judged by its age alone.
  }
  if (!info || Date.now() - info.mtimeMs > LOCK_STALE_MS) return { pid, host, stale: true };
  if (host === hostname() && pid === process.pid) return { pid, host, stale: true };
  if (host === hostname() && pid > 0 && !alive(pid)) return { pid, host, stale: true };
  return { pid, host, stale: false };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface FileQueueOptions {
  logger: Logger;
  /** Dead letters are deleted this long after they died. */
  retentionMs: number;
  /** The worker looks for due messages this often (and at once after a message is kept). */
  pollMs?: number;
  /** Tests: a failing disk. */
  write?: ChunkWriter;
  /** Told each delivery outcome (server/metrics.ts). */
  onOutcome?: ((outcome: "delivered" | "retry" | "dead_lettered") => void) | undefined;
}

/**
 * The embedded queue for one process (no REDIS_URL): a journal file, CONTACT_OUTBOX_FILE, that
 * the in-process worker delivers from. Every change is appended and flushed before it counts.
 */
export class FileQueue implements ContactQueue {
  readonly kind = "file" as const;
  private state = emptyState();
  private readonly pending = new Map<string, number>();
  private opened: Promise<void> | undefined;
  private unlock: (() => Promise<void>) | undefined;
  /** Every change of the state and the file runs in this chain, one at a time. */
  private chain: Promise<unknown> = Promise.resolve();
  private settings: DeliverySettings | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private workerOn = false;
  private stopped = false;
  /** The last journal write failed (and was cut back off the file): keeping is failing. */
  private writeFailed = false;
  private readonly log: Logger;

  constructor(
    readonly file: string,
    private readonly options: FileQueueOptions,
  ) {
    this.log = options.logger.child({ component: "contact-queue", queue: "file" });
  }

  /** Takes the lock and reads the file, once; a failure (a full or missing disk) is tried again next time. */
  private open(): Promise<void> {
    this.opened ??= (async () => {
      await ensureFolder(this.file);
      this.unlock = await takeLock(`${this.file}.lock`);
      const { state, unreadable } = await readQueueFile(this.file);
      this.state = state;
      if (unreadable > 0) this.log.warn({ unreadable }, "contact queue lines unreadable: skipped");
      // Start from a clean file: the old outbox's lines and dead-letter file become journal lines.
      await replaceLines(this.file, snapshot(this.state));
      await unlink(legacyDeadLetterFile(this.file)).catch(() => {});
      if (this.state.kept.size > 0 || this.state.dead.size > 0)
        this.log.info({ queued: this.state.kept.size, dead: this.state.dead.size }, "contact queue opened");
    })();
    this.opened.catch(async () => {
      this.opened = undefined;
      await this.unlock?.();
      this.unlock = undefined;
    });
    return this.opened;
  }

  /** Runs `change` after every earlier one: appends its lines, then applies them. */
  private commit(change: () => Entry[]): Promise<void> {
    const run = this.chain.then(async () => {
      await this.open();
      const entries = change();
      await appendLines(
        this.file,
        entries.map((entry) => JSON.stringify(entry)),
        this.options.write,
      );
      for (const entry of entries) applyEntry(this.state, entry);
    });
    this.chain = run.then(
      () => (this.writeFailed = false),
      () => (this.writeFailed = true),
    );
    return run;
  }

  async writable(): Promise<boolean> {
    try {
      await this.open();
      await access(dirname(this.file), constants.W_OK);
      return !this.writeFailed;
    } catch {
      return false;
    }
  }

  private compact(): Promise<void> {
    const run = this.chain.then(() => replaceLines(this.file, snapshot(this.state)));
    // A journal rewritten whole shows the disk takes writes again, as a kept message would.
    this.chain = run.then(
      () => (this.writeFailed = false),
      () => {},
    );
    return run;
  }

  async claim(id: string): Promise<EarlierAnswer | undefined> {
    await this.open();
    const answered = this.state.answered.get(id);
    if (answered && Date.now() - answered.at < IDEMPOTENCY_WINDOW_MS) return answered.status;
    if (this.state.kept.has(id)) return "queued";
    const since = this.pending.get(id);
    if (since !== undefined && Date.now() - since < PENDING_CLAIM_MS) return "pending";
    this.pending.set(id, Date.now());
    return undefined;
  }

  async remember(id: string, status: Answer): Promise<void> {
    this.pending.delete(id);
    await this.commit(() => [{ op: "answered", id, status, at: Date.now() }]);
  }

  forget(id: string): Promise<void> {
    this.pending.delete(id);
    return Promise.resolve();
  }

  async enqueue(job: ContactJob): Promise<void> {
    await this.commit((): Entry[] => {
      if (this.state.kept.has(job.id) || this.state.dead.has(job.id)) return [];
      const keep: Entry = {
        op: "keep",
        job,
        attempts: job.firstFailedAt ? 1 : 0,
        nextAttemptAt: this.firstAttemptAt(job),
      };
      // Refused for good: a dead letter at once, never tried again by the worker.
      return job.deadReason ? [keep, { op: "dead", id: job.id, reason: job.deadReason, deadAt: Date.now() }] : [keep];
    });
    this.wake();
  }

  private firstAttemptAt(job: ContactJob): number {
    // A message the provider just failed to take waits its first backoff; one kept because no
    // upstream was configured is due at once.
    return this.settings && job.firstFailedAt ? Date.now() + retryDelayMs(1, this.settings) : Date.now();
  }

  startWorker(settings: DeliverySettings | undefined): void {
    this.settings = settings;
    this.workerOn = true;
    this.stopped = false;
    void this.open().then(
      () => this.wake(),
      (err: unknown) => this.log.error({ err }, "contact queue could not be opened: nothing is delivered"),
    );
  }

  private wake(delayMs = 0): void {
    if (!this.workerOn || this.stopped || this.timer || this.running) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.pass().finally(() => {
        this.running = undefined;
        this.wake(this.options.pollMs ?? 1000);
      });
    }, delayMs);
    this.timer.unref();
  }

  /** Delivers every due message, one at a time, then purges expired dead letters. */
  private async pass(): Promise<void> {
    let changed = false;
    const settings = this.settings;
    if (settings) {
      const due = [...this.state.kept.values()]
        .filter((kept) => kept.nextAttemptAt <= Date.now())
        .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt);
      for (const kept of due) {
        if (this.stopped) break;
        const now = Date.now();
        const attempt = await attemptDelivery(settings, kept.job, now);
        const attempts = kept.attempts + 1;
        const jobId = kept.job.id;
        try {
          if (attempt.outcome === "delivered") {
            await this.commit(() => [{ op: "delivered", id: jobId }]);
            changed = true;
            this.options.onOutcome?.("delivered");
            this.log.info(
              {
                jobId,
                contactOutcome: "delivered",
                upstreamStatus: attempt.status,
                attempts,
                queuedMs: now - kept.job.receivedAt,
              },
              "queued contact message delivered",
            );
          } else if (attempt.outcome === "dead") {
            await this.commit(() => [{ op: "dead", id: jobId, reason: attempt.reason, deadAt: now }]);
            this.options.onOutcome?.("dead_lettered");
            this.log.error(
              { jobId, contactOutcome: "dead_lettered", reason: attempt.reason, attempts },
              "contact message dead-lettered",
            );
          } else {
            const nextAttemptAt = now + retryDelayMs(attempts, settings);
            await this.commit(() => [
              { op: "tried", id: jobId, attempts, nextAttemptAt, firstFailedAt: kept.job.firstFailedAt ?? now },
            ]);
            this.options.onOutcome?.("retry");
            this.log.warn(
              { jobId, contactOutcome: "retry", reason: attempt.reason, attempts, retryInMs: nextAttemptAt - now },
              "contact message not taken upstream; retried later",
            );
          }
        } catch (err) {
          // The provider's answer could not be written down: the message stays as it was and
          // is tried again (the provider sees the same Idempotency-Key).
          this.log.error({ err, jobId }, "contact queue could not record a delivery attempt");
        }
      }
    }
    const expired = [...this.state.dead.values()].filter(
      (dead) => Date.now() - dead.deadAt >= this.options.retentionMs,
    );
    if (expired.length > 0) {
      try {
        await this.commit(() => expired.map((dead) => ({ op: "purge", id: dead.job.id }) satisfies Entry));
        this.log.info({ purged: expired.length }, "dead letters past retention purged");
        changed = true;
      } catch (err) {
        this.log.error({ err }, "contact queue could not purge dead letters");
      }
    }
    // Answers older than the idempotency window are forgotten, in memory and, below, on disk.
    for (const [id, answer] of this.state.answered)
      if (Date.now() - answer.at >= IDEMPOTENCY_WINDOW_MS) {
        this.state.answered.delete(id);
        changed = true;
      }
    if (changed)
      await this.compact().catch((err: unknown) => this.log.error({ err }, "contact queue compaction failed"));
  }

  async listDead(): Promise<DeadLetter[]> {
    await this.open();
    return [...this.state.dead.values()].map((dead) => ({
      id: dead.job.id,
      receivedAt: dead.job.receivedAt,
      deadAt: dead.deadAt,
      reason: dead.reason,
      attempts: dead.attempts,
    }));
  }

  async retryDead(id?: string): Promise<number> {
    await this.open();
    const ids = id === undefined ? [...this.state.dead.keys()] : this.state.dead.has(id) ? [id] : [];
    await this.commit(() => ids.map((one) => ({ op: "revive", id: one, at: Date.now() }) satisfies Entry));
    this.wake();
    return ids.length;
  }

  async purgeDead(id?: string): Promise<number> {
    await this.open();
    const ids = id === undefined ? [...this.state.dead.keys()] : this.state.dead.has(id) ? [id] : [];
    await this.commit(() => ids.map((one) => ({ op: "purge", id: one }) satisfies Entry));
    await this.compact();
    return ids.length;
  }

  async counts(): Promise<QueueCounts> {
    await this.open();
    let oldest: number | undefined;
    for (const kept of this.state.kept.values())
      if (oldest === undefined || kept.job.receivedAt < oldest) oldest = kept.job.receivedAt;
    return { queued: this.state.kept.size, dead: this.state.dead.size, oldestQueuedAt: oldest };
  }

  async stopWorker(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    // The attempt in flight ends within the upstream time-out; its outcome is written down.
    await this.running;
  }

  async close(): Promise<void> {
    await this.stopWorker();
    await this.chain;
    openQueues.delete(resolve(this.file));
    await this.unlock?.();
  }
}

/** One queue object per file in a process: every app made by tests in one process shares it. */
const openQueues = new Map<string, FileQueue>();

export function fileQueueFor(file: string, options: FileQueueOptions): FileQueue {
  const key = resolve(file);
  let queue = openQueues.get(key);
  if (!queue) openQueues.set(key, (queue = new FileQueue(file, options)));
  return queue;
}
