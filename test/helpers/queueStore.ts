import { existsSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import type { ContactJob } from "../../server/contact/delivery.ts";

/**
 * What the embedded queue's SQLite file holds, read as a separate connection would (readonly). It
 * waits out a write in progress, as the server's own connection does (server/contact/sqliteQueue.ts):
 * read the moment a restarted server was recovering its store, it failed with "database is locked"
 * in a clean-clone CI run.
 */
export function keptJobs(file: string): Array<ContactJob & { dead: boolean; reason: string | null }> {
  if (!existsSync(file)) return [];
  const db = new DatabaseSync(file, { readOnly: true, timeout: 5_000 });
  try {
    const rows = db
      .prepare("SELECT job, dead_at, dead_reason FROM messages ORDER BY received_at, rowid")
      .all() as Array<{
      job: string;
      dead_at: number | null;
      dead_reason: string | null;
    }>;
    return rows.map((row) => ({
      ...(JSON.parse(row.job) as ContactJob),
      dead: row.dead_at !== null,
      reason: row.dead_reason,
    }));
  } finally {
    db.close();
  }
}
