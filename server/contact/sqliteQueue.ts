import { constants } from "node:fs";
import { access, lstat, mkdir, open } from "node:fs/promises";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import type { Logger } from "pino";
import {
  attemptDelivery,
  reportAttempt,
  retryDelayMs,
  type Attempt,
  type ContactJob,
  type DeliverySettings,
} from "./delivery.ts";
import { migrateJournal } from "./migrateJournal.ts";
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

/** A queue file or folder that is not ours to trust: a symlink, another user's, open to others. */
export class UnsafeFileError extends Error {
  override name = "UnsafeFileError";
}

// One row per kept message; `job` last, so counting bytes never reads the message itself.
// A row with dead_at set is a dead letter. leased_until: a worker is delivering it until then.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS messages (
  id TEXT PRIMARY KEY,
  received_at INTEGER NOT NULL,
  sender_domain TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  first_failed_at INTEGER,
  leased_until INTEGER NOT NULL DEFAULT 0,
  dead_at INTEGER,
  dead_reason TEXT,
  job TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS messages_due ON messages (dead_at, next_attempt_at);
CREATE TABLE IF NOT EXISTS answers (id TEXT PRIMARY KEY, answer TEXT NOT NULL, at INTEGER NOT NULL) STRICT;
`;

const ownUid = () => process.geteuid?.() ?? 0;

/**
 * The folder must be a real directory owned by this user or root and not writable by others
 * (unless sticky, like /tmp), and the store's files must not be links or another user's:
 * otherwise someone could swap a file for a link to one of ours, or to root's when an operator
 * runs the CLI as root.
 */
async function checkPlace(file: string): Promise<void> {
  const folder = dirname(file);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const info = await lstat(folder);
  if (info.isSymbolicLink()) throw new UnsafeFileError(`${folder} is a symbolic link: refusing to use it`);
  if (!info.isDirectory()) throw new UnsafeFileError(`${folder} is not a directory`);
  if (info.uid !== ownUid() && info.uid !== 0)
    throw new UnsafeFileError(`${folder} belongs to uid ${info.uid}, not to this user (uid ${ownUid()})`);
  if ((info.mode & 0o022) !== 0 && (info.mode & 0o1000) === 0)
    throw new UnsafeFileError(`${folder} is writable by other users (mode ${(info.mode & 0o7777).toString(8)})`);
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    const found = await lstat(name).catch(() => undefined);
    if (found?.isSymbolicLink()) throw new UnsafeFileError(`${name} is a symbolic link: refusing to open it`);
    if (found && found.uid !== ownUid())
      throw new UnsafeFileError(`${name} belongs to uid ${found.uid}, not to this user (uid ${ownUid()})`);
  }
  // Created private before SQLite opens it; its -wal and -shm take the same mode.
  await (await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW, 0o600)).close();
}

export interface SqliteQueueOptions {
  logger: Logger;
  bounds: QueueBounds;
  /** Dead letters are deleted this long after they died. */
  retentionMs: number;
  /** An NDJSON journal of the queue this one replaces: moved in once at open, then deleted. */
  legacyJournal?: string | undefined;
  /** The worker looks for due messages this often (and at once after a message is kept). */
  pollMs?: number;
  onOutcome?: ((outcome: "delivered" | "retry" | "dead_lettered") => void) | undefined;
}

interface DueRow {
  job: string;
  attempts: number;
  first_failed_at: number | null;
  bytes: number;
}

/** Messages delivered side by side: as many as the Redis queue's worker takes at once. */
const DELIVERIES_AT_ONCE = 4;

/**
 * The embedded queue for one process (no REDIS_URL): a SQLite database in WAL mode, every
 * change a transaction flushed to disk (synchronous=FULL) before the visitor hears 202. The
 * worker claims one message at a time under a lease, so a second process on the same file (the
 * operator's command, a replica on a shared volume) never delivers it twice. Nothing reads the
 * whole store into memory: counts are aggregates, the worker reads one due row at a time.
 */
export class SqliteQueue implements ContactQueue {
  readonly kind = "sqlite" as const;
  private opened: Promise<DatabaseSync> | undefined;
  /** Statements compiled once per database: a post's claim and keep run several each. */
  private readonly statements = new WeakMap<DatabaseSync, Map<string, StatementSync>>();
  private readonly pending = new Map<string, number>();
  private settings: DeliverySettings | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private workerOn = false;
  private stopped = false;
  private writeFailed = false;
  /** What the store held when last counted (and since changed by this process). */
  private held = { messages: 0, bytes: 0 };
  private readonly log: Logger;

  constructor(
    readonly file: string,
    private readonly options: SqliteQueueOptions,
  ) {
    this.log = options.logger.child({ component: "contact-queue", queue: "sqlite" });
  }

  private sql(db: DatabaseSync, text: string): StatementSync {
    let compiled = this.statements.get(db);
    if (!compiled) this.statements.set(db, (compiled = new Map<string, StatementSync>()));
    let statement = compiled.get(text);
    if (!statement) compiled.set(text, (statement = db.prepare(text)));
    return statement;
  }

  /** Opens the store once (moving an old journal in); a failure is tried again next time. */
  private db(): Promise<DatabaseSync> {
    this.opened ??= (async () => {
      await checkPlace(this.file);
      const db = new DatabaseSync(this.file, { timeout: 5_000 });
      try {
        // secure_delete: a delivered message's personal data is overwritten, not left in free pages.
        db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA secure_delete = ON;" + SCHEMA);
        if (this.options.legacyJournal) {
          const moved = await migrateJournal(db, this.options.legacyJournal);
          if (moved > 0) this.log.info({ moved }, "contact queue journal moved into SQLite");
        }
      } catch (error) {
        db.close();
        throw error;
      }
      this.recount(db);
      return db;
    })();
    this.opened.catch(() => (this.opened = undefined));
    return this.opened;
  }

  /** Runs a write; its failure (a full disk, a read-only mount) marks the queue not writable. */
  private write<T>(db: DatabaseSync, change: () => T): T {
    try {
      db.exec("BEGIN IMMEDIATE");
      const result = change();
      db.exec("COMMIT");
      this.writeFailed = false;
      return result;
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      // A full queue is a bound, not a failing disk.
      if (!(error instanceof QueueFullError)) this.writeFailed = true;
      throw error;
    }
  }

  private recount(db: DatabaseSync): void {
    const row = this.sql(db, "SELECT count(*) AS messages, total(bytes) AS bytes FROM messages").get() as {
      messages: number;
      bytes: number;
    };
    this.held = { messages: row.messages, bytes: row.bytes };
  }

  isFull(): boolean {
    return fullness(this.options.bounds, this.held.messages, this.held.bytes) >= 1;
  }

  async writable(): Promise<boolean> {
    try {
      await this.db();
      await access(dirname(this.file), constants.W_OK);
      return !this.writeFailed;
    } catch {
      return false;
    }
  }

  async claim(id: string): Promise<EarlierAnswer | undefined> {
    const db = await this.db();
    const answer = this.sql(db, "SELECT answer, at FROM answers WHERE id = ?").get(id) as
      { answer: string; at: number } | undefined;
    if (answer && Date.now() - answer.at < IDEMPOTENCY_WINDOW_MS)
      return answer.answer === "queued" ? "queued" : Number(answer.answer);
    if (this.sql(db, "SELECT 1 FROM messages WHERE id = ? AND dead_at IS NULL").get(id)) return "queued";
    const since = this.pending.get(id);
    if (since !== undefined && Date.now() - since < PENDING_CLAIM_MS) return "pending";
    this.pending.set(id, Date.now());
    return undefined;
  }

  async remember(id: string, answer: Answer): Promise<void> {
    this.pending.delete(id);
    const db = await this.db();
    this.write(db, () =>
      this.sql(db, "INSERT OR REPLACE INTO answers (id, answer, at) VALUES (?, ?, ?)").run(
        id,
        String(answer),
        Date.now(),
      ),
    );
  }

  forget(id: string): Promise<void> {
    this.pending.delete(id);
    return Promise.resolve();
  }

  async enqueue(job: ContactJob): Promise<void> {
    const db = await this.db();
    const bytes = jobBytes(job);
    const { maxMessages, maxBytes } = this.options.bounds;
    this.write(db, () => {
      if (this.sql(db, "SELECT 1 FROM messages WHERE id = ?").get(job.id)) return;
      if (this.held.messages + 1 > maxMessages || this.held.bytes + bytes > maxBytes) throw new QueueFullError();
      const now = Date.now();
      // A message the provider just failed to take waits its first backoff; one kept with no
      // upstream configured is due at once.
      const next = this.settings && job.firstFailedAt ? now + retryDelayMs(1, this.settings) : now;
      this.sql(
        db,
        `INSERT INTO messages (id, received_at, sender_domain, bytes, attempts, next_attempt_at, first_failed_at, dead_at, dead_reason, job)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        job.id,
        job.receivedAt,
        senderDomain(job),
        bytes,
        job.firstFailedAt ? 1 : 0,
        next,
        job.firstFailedAt ?? null,
        job.deadReason ? now : null,
        job.deadReason ?? null,
        JSON.stringify(job),
      );
      this.held = { messages: this.held.messages + 1, bytes: this.held.bytes + bytes };
    });
    this.wake();
  }

  startWorker(settings: DeliverySettings | undefined): void {
    this.settings = settings;
    this.workerOn = true;
    this.stopped = false;
    void this.db().then(
      () => this.wake(),
      (err: unknown) => this.log.error({ err }, "contact queue could not be opened: nothing is delivered"),
    );
  }

  private wake(delayMs = 0): void {
    if (!this.workerOn || this.stopped || this.timer || this.running) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.pass()
        .catch((err: unknown) => this.log.error({ err }, "contact queue pass failed"))
        .finally(() => {
          this.running = undefined;
          this.wake(this.options.pollMs ?? 1000);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** Delivers every due message, one at a time, then deletes what is past its time. */
  private async pass(): Promise<void> {
    const db = await this.db();
    const settings = this.settings;
    // The operator's command may have deleted messages since: count again each pass.
    this.recount(db);
    while (settings && !this.stopped) {
      const now = Date.now();
      // A few at a time, side by side (as BullMQ's worker does): one lease covers them all.
      const rows = this.write(
        db,
        () =>
          this.sql(
            db,
            `UPDATE messages SET leased_until = ? WHERE id IN (SELECT id FROM messages
               WHERE dead_at IS NULL AND next_attempt_at <= ? AND leased_until <= ? ORDER BY next_attempt_at LIMIT ?)
               RETURNING job, attempts, first_failed_at, bytes`,
          ).all(now + settings.upstream.timeoutMs + 5_000, now, now, DELIVERIES_AT_ONCE) as unknown as DueRow[],
      );
      if (rows.length === 0) break;
      const tried = await Promise.all(
        rows.map(async (row) => {
          const job = { ...(JSON.parse(row.job) as ContactJob), firstFailedAt: row.first_failed_at ?? undefined };
          return { row, job, attempt: await attemptDelivery(settings, job, now) };
        }),
      );
      try {
        this.write(db, () => {
          for (const { row, job, attempt } of tried) this.record(db, job, attempt, row.attempts + 1, now, settings);
        });
      } catch (err) {
        // The answers could not be written down: the lease runs out and the messages are tried
        // again with the same Idempotency-Key, which the provider takes once.
        this.log.error({ err }, "contact queue could not record delivery attempts");
        break;
      }
      for (const { row, job, attempt } of tried) {
        if (attempt.outcome === "delivered")
          this.held = { messages: this.held.messages - 1, bytes: this.held.bytes - row.bytes };
        reportAttempt(this.log, this.options.onOutcome, job, attempt, row.attempts + 1, now);
      }
    }
    const now = Date.now();
    const purged = this.write(db, () => {
      this.sql(db, "DELETE FROM answers WHERE at <= ?").run(now - IDEMPOTENCY_WINDOW_MS);
      return this.sql(db, "DELETE FROM messages WHERE dead_at <= ?").run(now - this.options.retentionMs).changes;
    });
    if (Number(purged) > 0) {
      this.log.info({ purged }, "dead letters past retention purged");
      this.recount(db);
    }
  }

  /** Writes down what an attempt came to: delivered (gone), dead, or due again after its backoff. */
  private record(
    db: DatabaseSync,
    job: ContactJob,
    attempt: Attempt,
    attempts: number,
    now: number,
    settings: DeliverySettings,
  ) {
    if (attempt.outcome === "delivered") this.sql(db, "DELETE FROM messages WHERE id = ?").run(job.id);
    else if (attempt.outcome === "dead")
      this.sql(db, "UPDATE messages SET dead_at = ?, dead_reason = ?, attempts = ?, leased_until = 0 WHERE id = ?").run(
        Date.now(),
        attempt.reason,
        attempts,
        job.id,
      );
    else
      this.sql(
        db,
        "UPDATE messages SET attempts = ?, next_attempt_at = ?, first_failed_at = ?, leased_until = 0 WHERE id = ?",
      ).run(attempts, Date.now() + retryDelayMs(attempts, settings), job.firstFailedAt ?? now, job.id);
  }

  async listDead(): Promise<DeadLetter[]> {
    const db = await this.db();
    return this.sql(
      db,
      `SELECT id, received_at AS receivedAt, dead_at AS deadAt, dead_reason AS reason, attempts
         FROM messages WHERE dead_at IS NOT NULL ORDER BY dead_at`,
    ).all() as unknown as DeadLetter[];
  }

  async retryDead(id?: string): Promise<number> {
    const db = await this.db();
    // A new start: a new maximum age, no longer marked dead.
    const sql = `UPDATE messages SET dead_at = NULL, dead_reason = NULL, attempts = 0, first_failed_at = NULL,
      next_attempt_at = ?, job = json_remove(job, '$.deadReason', '$.firstFailedAt') WHERE dead_at IS NOT NULL`;
    const changes = this.write(db, () =>
      id === undefined
        ? this.sql(db, sql).run(Date.now()).changes
        : this.sql(db, `${sql} AND id = ?`).run(Date.now(), id).changes,
    );
    this.wake();
    return Number(changes);
  }

  private static where(filter: KeptFilter): [string, SQLInputValue[]] {
    const parts: Array<[string, SQLInputValue | undefined]> = [
      ["id = ?", filter.id],
      ["sender_domain = ?", filter.domain?.toLowerCase()],
      ["received_at < ?", filter.receivedBefore],
    ];
    const given = parts.filter(([, value]) => value !== undefined) as Array<[string, SQLInputValue]>;
    const clauses = [filter.dead ? "dead_at IS NOT NULL" : "1", ...given.map(([clause]) => clause)];
    return [clauses.join(" AND "), given.map(([, value]) => value)];
  }

  async listKept(filter: KeptFilter = {}): Promise<KeptSummary[]> {
    const db = await this.db();
    const [where, values] = SqliteQueue.where(filter);
    const rows = this.sql(
      db,
      `SELECT id, received_at AS receivedAt, sender_domain AS senderDomain, dead_at IS NOT NULL AS dead
         FROM messages WHERE ${where} ORDER BY received_at`,
    ).all(...values) as Array<Omit<KeptSummary, "dead"> & { dead: number }>;
    return rows.map((row) => ({ ...row, dead: row.dead === 1 }));
  }

  async deleteKept(filter: KeptFilter): Promise<number> {
    const db = await this.db();
    const [where, values] = SqliteQueue.where(filter);
    const changes = this.write(db, () => this.sql(db, `DELETE FROM messages WHERE ${where}`).run(...values).changes);
    this.recount(db);
    return Number(changes);
  }

  /** Every kept message, a page at a time: what moves into Redis when REDIS_URL is set. */
  async *jobs(): AsyncGenerator<{ job: ContactJob; deadReason: string | null }> {
    const db = await this.db();
    let after = "";
    for (;;) {
      const rows = this.sql(db, "SELECT id, job, dead_reason FROM messages WHERE id > ? ORDER BY id LIMIT 100").all(
        after,
      ) as Array<{ id: string; job: string; dead_reason: string | null }>;
      if (rows.length === 0) return;
      for (const row of rows) yield { job: JSON.parse(row.job) as ContactJob, deadReason: row.dead_reason };
      after = rows.at(-1)!.id;
    }
  }

  async counts(): Promise<QueueCounts> {
    const db = await this.db();
    this.recount(db);
    const row = this.sql(
      db,
      `SELECT count(*) FILTER (WHERE dead_at IS NULL) AS queued, count(dead_at) AS dead,
         min(received_at) FILTER (WHERE dead_at IS NULL) AS oldest FROM messages`,
    ).get() as { queued: number; dead: number; oldest: number | null };
    return {
      queued: row.queued,
      dead: row.dead,
      oldestQueuedAt: row.oldest ?? undefined,
      bytes: this.held.bytes,
      fullness: fullness(this.options.bounds, this.held.messages, this.held.bytes),
    };
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
    const opened = this.opened;
    this.opened = undefined;
    const db = await opened?.catch(() => undefined);
    db?.close();
  }
}
