import { createReadStream } from "node:fs";
import { lstat, unlink } from "node:fs/promises";
import { createInterface } from "node:readline";
import type { DatabaseSync } from "node:sqlite";
import type { ContactJob } from "./delivery.ts";
import { jobBytes, senderDomain } from "./queue.ts";

/**
 * A line of the NDJSON journal SQLite replaced (docs/decisions/016). Each states a change;
 * replaying them in order gives the queue's state. (The outbox before it was turned into this
 * journal at every start since decision 012.)
 */
type Line =
  | { op: "keep"; job: ContactJob; attempts: number; nextAttemptAt: number }
  | { op: "tried"; id: string; attempts: number; nextAttemptAt: number; firstFailedAt: number }
  | { op: "delivered" | "purge"; id: string }
  | { op: "dead"; id: string; reason: string; deadAt: number }
  | { op: "deadletter"; job: ContactJob; attempts: number; deadAt: number; reason: string }
  | { op: "revive"; id: string; at: number }
  | { op: "answered"; id: string; status: number | "queued"; at: number };

type Statement = [sql: string, ...values: Array<string | number | null>];

/** A kept message (deadAt null) or a dead letter, as a row; `keep` lines never replace one. */
function insert(
  job: ContactJob,
  attempts: number,
  next: number,
  dead: [number, string] | null,
  verb = "REPLACE",
): Statement {
  return [
    `INSERT OR ${verb} INTO messages (id, received_at, sender_domain, bytes, attempts, next_attempt_at, dead_at, dead_reason, job)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    job.id,
    job.receivedAt,
    senderDomain(job),
    jobBytes(job),
    attempts,
    next,
    dead?.[0] ?? null,
    dead?.[1] ?? null,
    JSON.stringify(job),
  ];
}

/** The statement that applies one line, or none for a line this reader does not know. */
function statement(line: Line): Statement | undefined {
  switch (line.op) {
    case "keep":
      return insert(line.job, line.attempts, line.nextAttemptAt, null, "IGNORE");
    case "deadletter":
      return insert(line.job, line.attempts, 0, [line.deadAt, line.reason]);
    case "tried":
      return [
        "UPDATE messages SET attempts = ?, next_attempt_at = ?, first_failed_at = ? WHERE id = ? AND dead_at IS NULL",
        line.attempts,
        line.nextAttemptAt,
        line.firstFailedAt,
        line.id,
      ];
    case "delivered":
      return ["DELETE FROM messages WHERE id = ? AND dead_at IS NULL", line.id];
    case "purge":
      return ["DELETE FROM messages WHERE id = ? AND dead_at IS NOT NULL", line.id];
    case "dead":
      return [
        "UPDATE messages SET dead_at = ?, dead_reason = ? WHERE id = ? AND dead_at IS NULL",
        line.deadAt,
        line.reason,
        line.id,
      ];
    case "revive":
      return [
        `UPDATE messages SET dead_at = NULL, dead_reason = NULL, attempts = 0, first_failed_at = NULL, next_attempt_at = ?,
         job = json_remove(job, '$.deadReason', '$.firstFailedAt') WHERE id = ?`,
        line.at,
        line.id,
      ];
    case "answered":
      return [
        "INSERT OR REPLACE INTO answers (id, answer, at) VALUES (?, ?, ?)",
        line.id,
        String(line.status),
        line.at,
      ];
    default:
      return undefined;
  }
}

/**
 * Moves an old journal into the database, one line at a time: an 83 MB journal never sits in the
 * heap. One transaction: a crash leaves the journal as it was, and a replay after a crash
 * between the commit and the deletion gives the same rows (each line sets a state). Resolves
 * with the lines applied.
 */
export async function migrateJournal(db: DatabaseSync, journal: string): Promise<number> {
  if (!(await lstat(journal).catch(() => undefined))?.isFile()) return 0;
  let applied = 0;
  db.exec("BEGIN IMMEDIATE");
  try {
    for await (const text of createInterface({ input: createReadStream(journal), crlfDelay: Infinity })) {
      let line: Line;
      try {
        line = JSON.parse(text) as Line;
      } catch {
        continue; // A torn last line: the visitor was never told it was kept.
      }
      const change = typeof line === "object" && line !== null ? statement(line) : undefined;
      if (!change) continue;
      db.prepare(change[0]).run(...change.slice(1));
      applied++;
    }
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
  await unlink(journal);
  return applied;
}
