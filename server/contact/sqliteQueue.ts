import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { attemptDelivery, jobBytes, retryDelayMs, senderDomain } from "./delivery.ts";
import type { ContactJob, DeliverySettings } from "./delivery.ts";
import { checkPlace } from "../privateFile.ts";
import { ContactQueue, DELIVERIES_AT_ONCE, IDEMPOTENCY_WINDOW_MS, PENDING_CLAIM_MS, QueueFullError } from "./queue.ts";
import type { Answer, EarlierAnswer, KeptSummary, QueueCounts, StoreOptions } from "./queue.ts";

// One row per kept message, `job` last so that counting never reads a message. dead_at set: a
// dead letter. leased_until: a worker is delivering it until then.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS messages (
  id TEXT PRIMARY KEY, received_at INTEGER NOT NULL, sender_domain TEXT NOT NULL, bytes INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL, first_failed_at INTEGER,
  leased_until INTEGER NOT NULL DEFAULT 0, dead_at INTEGER, dead_reason TEXT, job TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS messages_due ON messages (dead_at, next_attempt_at);
CREATE TABLE IF NOT EXISTS answers (id TEXT PRIMARY KEY, answer TEXT NOT NULL, at INTEGER NOT NULL) STRICT;`;

/** A message the worker claimed, as the claim returns it. */
type Claimed = { job: string; attempts: number; first_failed_at: number | null; bytes: number };

/** A dead letter back in the queue: a new start, a new maximum age. */
const REVIVE = `dead_at = NULL, dead_reason = NULL, attempts = 0, first_failed_at = NULL, next_attempt_at = ?,
  job = json_remove(job, '$.deadReason', '$.firstFailedAt')`;

const INSERT = `INSERT INTO messages (id, received_at, sender_domain, bytes, next_attempt_at, job,
  attempts, first_failed_at, dead_at, dead_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
/** A message the provider did not take: tried again later, or dead (dead_at and dead_reason set). */
const NOT_TAKEN = `UPDATE messages SET attempts = ?, next_attempt_at = ?, first_failed_at = ?, dead_at = ?,
  dead_reason = ?, leased_until = 0 WHERE id = ?`;

const SUMMARY = `id, received_at AS receivedAt, sender_domain AS senderDomain, attempts, dead_at AS deadAt, dead_reason AS reason`;

/**
 * The embedded queue for one process (no REDIS_URL): SQLite in WAL mode, every change a
 * transaction flushed to disk (synchronous=FULL) before the visitor hears 202. The worker
 * claims due messages under a lease, so a second process on the file (the operator's command)
 * never delivers one twice. Nothing reads the whole store: counts are aggregates, kept in
 * memory between them (docs/decisions/016-sqlite-contact-queue.md).
 */
export class SqliteQueue extends ContactQueue {
  private opened: Promise<DatabaseSync> | undefined;
  private readonly pending = new Map<string, number>();
  private worker: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private writeFailed = false;

  constructor(
    readonly file: string,
    options: StoreOptions,
  ) {
    super(options, "sqlite");
  }

  /** Opens the store once; a failure is tried again next time. */
  private db(): Promise<DatabaseSync> {
    this.opened ??= (async () => {
      await checkPlace(this.file);
      const db = new DatabaseSync(this.file, { timeout: 5_000 });
      try {
        // secure_delete: a delivered message's personal data is overwritten, not left in free pages.
        db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA secure_delete = ON;" + SCHEMA);
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

  /**
   * A write in one transaction; a failure (full disk, read-only mount) marks the queue not writable,
   * and only a commit that changed a row marks it writable again: the clean-up's empty commit
   * writes nothing to disk, and had /readyz say "ok" while the disk was still full.
   */
  private write<T>(db: DatabaseSync, change: () => T): T {
    const changes = () => (db.prepare("SELECT total_changes() AS n").get() as { n: number }).n;
    try {
      const before = changes();
      db.exec("BEGIN IMMEDIATE");
      const result = change();
      db.exec("COMMIT");
      if (changes() > before) this.writeFailed = false;
      return result;
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      if (!(error instanceof QueueFullError)) this.writeFailed = true;
      throw error;
    }
  }

  /** Counts what is kept (aggregates: no message is read) and remembers the totals the bounds read. */
  private recount(db: DatabaseSync) {
    const row = db
      .prepare(
        `SELECT count(*) AS messages, total(bytes) AS bytes, count(*) FILTER (WHERE dead_at IS NULL) AS queued,
         count(dead_at) AS dead, min(received_at) FILTER (WHERE dead_at IS NULL) AS oldest FROM messages`,
      )
      .get() as { messages: number; bytes: number; queued: number; dead: number; oldest: number | null };
    this.held = { messages: row.messages, bytes: row.bytes };
    return row;
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
    const answer = db.prepare("SELECT answer, at FROM answers WHERE id = ?").get(id) as
      { answer: string; at: number } | undefined;
    if (answer && Date.now() - answer.at < IDEMPOTENCY_WINDOW_MS)
      return answer.answer === "queued" ? "queued" : Number(answer.answer);
    if (db.prepare("SELECT 1 FROM messages WHERE id = ? AND dead_at IS NULL").get(id)) return "queued";
    const since = this.pending.get(id);
    if (since !== undefined && Date.now() - since < PENDING_CLAIM_MS) return "pending";
    this.pending.set(id, Date.now());
    return undefined;
  }

  async remember(id: string, answer: Answer): Promise<void> {
    this.pending.delete(id);
    const db = await this.db();
    const statement = db.prepare("INSERT OR REPLACE INTO answers (id, answer, at) VALUES (?, ?, ?)");
    this.write(db, () => statement.run(id, String(answer), Date.now()));
  }

  forget(id: string): Promise<void> {
    this.pending.delete(id);
    return Promise.resolve();
  }

  async enqueue(job: ContactJob): Promise<void> {
    const db = await this.db();
    const bytes = jobBytes(job);
    this.write(db, () => {
      if (db.prepare("SELECT 1 FROM messages WHERE id = ?").get(job.id)) return;
      if (this.fullness(this.held.messages + 1, this.held.bytes + bytes) > 1) throw new QueueFullError();
      const now = Date.now();
      // One the provider already failed to take counts that attempt; one it refused for good is dead at once.
      const failed = job.firstFailedAt ? [1, job.firstFailedAt] : [0, null];
      const dead = job.deadReason ? [now, job.deadReason] : [null, null];
      const row = [job.id, job.receivedAt, senderDomain(job), bytes, now + this.firstDelay(job), JSON.stringify(job)];
      db.prepare(INSERT).run(...row, ...failed, ...dead);
      this.held = { messages: this.held.messages + 1, bytes: this.held.bytes + bytes };
    });
  }

  /** A pass at once, then one every pollMs (a second), never two at a time. */
  startWorker(settings: DeliverySettings | undefined): void {
    this.settings = settings;
    const pass = () =>
      void (this.running ??= this.pass()
        .catch((err: unknown) => this.log.error({ err }, "contact queue pass failed"))
        .finally(() => (this.running = undefined)));
    this.worker = setInterval(pass, this.options.pollMs ?? 1000).unref();
    pass();
  }

  /** Delivers every due message, a few side by side under one lease, then deletes what is past its time. */
  private async pass(): Promise<void> {
    const db = await this.db();
    const settings = this.settings;
    this.recount(db); // The operator's command may have deleted messages.
    while (settings && this.worker) {
      const now = Date.now();
      const claim = `UPDATE messages SET leased_until = ? WHERE id IN (SELECT id FROM messages
        WHERE dead_at IS NULL AND next_attempt_at <= ? AND leased_until <= ? ORDER BY next_attempt_at LIMIT ?)
        RETURNING job, attempts, first_failed_at, bytes`;
      const lease = now + settings.upstream.timeoutMs + 5_000;
      const rows = this.write(db, () => db.prepare(claim).all(lease, now, now, DELIVERIES_AT_ONCE)) as Claimed[];
      if (rows.length === 0) break;
      const tried = await Promise.all(
        rows.map(async (row) => {
          const job = { ...(JSON.parse(row.job) as ContactJob), firstFailedAt: row.first_failed_at ?? undefined };
          return { row, job, attempt: await attemptDelivery(settings, job, now), attempts: row.attempts + 1 };
        }),
      );
      try {
        this.write(db, () => {
          for (const { job, attempt, attempts } of tried) {
            if (attempt.outcome === "delivered") db.prepare("DELETE FROM messages WHERE id = ?").run(job.id);
            else {
              const [deadAt, reason] = attempt.outcome === "dead" ? [Date.now(), attempt.reason] : [null, null];
              const next = Date.now() + retryDelayMs(attempts, settings);
              db.prepare(NOT_TAKEN).run(attempts, next, job.firstFailedAt ?? now, deadAt, reason, job.id);
            }
          }
        });
      } catch (err) {
        // Not written down: the lease runs out and the messages go again with the same
        // Idempotency-Key, which the provider takes once.
        this.log.error({ err }, "contact queue could not record delivery attempts");
        break;
      }
      for (const { row, job, attempt, attempts } of tried) {
        if (attempt.outcome === "delivered")
          this.held = { messages: this.held.messages - 1, bytes: this.held.bytes - row.bytes };
        this.report(job, attempt, attempts, now);
      }
    }
    const now = Date.now();
    const purged = this.write(db, () => {
      db.prepare("DELETE FROM answers WHERE at <= ?").run(now - IDEMPOTENCY_WINDOW_MS);
      return Number(db.prepare("DELETE FROM messages WHERE dead_at <= ?").run(now - this.options.retentionMs).changes);
    });
    if (purged > 0) {
      this.log.info({ purged }, "dead letters past retention purged");
      this.recount(db);
    }
  }

  protected async summaries(dead: boolean): Promise<KeptSummary[]> {
    const db = await this.db();
    const sql = `SELECT ${SUMMARY} FROM messages ${dead ? "WHERE dead_at IS NOT NULL" : ""} ORDER BY received_at`;
    return (db.prepare(sql).all() as unknown as KeptSummary[]).map(({ deadAt, reason, ...row }) =>
      deadAt === null ? row : { ...row, deadAt, reason: reason ?? "" },
    );
  }

  /** Runs one statement per id in one transaction; resolves with the rows it changed. */
  private async eachId(sql: string, ids: string[], ...before: number[]): Promise<number> {
    const db = await this.db();
    const statement = db.prepare(sql);
    const changed = this.write(db, () => ids.reduce((n, id) => n + Number(statement.run(...before, id).changes), 0));
    this.recount(db);
    return changed;
  }

  protected remove(ids: string[]): Promise<number> {
    return this.eachId("DELETE FROM messages WHERE id = ?", ids);
  }

  protected revive(ids: string[]): Promise<number> {
    return this.eachId(`UPDATE messages SET ${REVIVE} WHERE id = ? AND dead_at IS NOT NULL`, ids, Date.now());
  }

  async counts(): Promise<QueueCounts> {
    const { queued, dead, oldest } = this.recount(await this.db());
    return { queued, dead, oldestQueuedAt: oldest ?? undefined, bytes: this.held.bytes, fullness: this.fullness() };
  }

  async stopWorker(): Promise<void> {
    clearInterval(this.worker);
    this.worker = undefined;
    await this.running; // The attempts in flight end within the upstream time-out and are written down.
  }

  async close(): Promise<void> {
    await this.stopWorker();
    const opened = this.opened;
    this.opened = undefined;
    (await opened?.catch(() => undefined))?.close();
  }
}
