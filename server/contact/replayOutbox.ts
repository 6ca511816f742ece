import { readdir, readFile, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { appendOutboxLines, type OutboxRecord } from "./outbox.ts";
import { postToUpstream, upstreamFailureReason } from "./upstream.ts";

export interface ReplaySettings {
  outboxFile: string;
  upstreamUrl: string;
  timeoutMs: number;
  /**
   * Time for a server append that opened the file just before it was claimed to finish
   * (open, write, fsync, close: milliseconds). Its lines land in the claimed file.
   */
  settleMs?: number;
}

export interface ReplayReport {
  sent: number;
  kept: number;
  /** Lines that are not outbox records: kept as they are for a person to look at. */
  unreadable: number;
}

const CLAIM = ".replaying-";

/**
 * Sends the outbox's messages upstream, one at a time, and keeps only those that still fail.
 * The file is first renamed away (the server keeps appending to a fresh one), then every
 * message still failing is appended back and the claimed file removed. A replay that dies
 * half-way leaves its claimed file, which the next replay picks up: nothing is lost, though a
 * message may then be sent twice.
 */
export async function replayOutbox(settings: ReplaySettings): Promise<ReplayReport> {
  const claimed = await claimFiles(settings.outboxFile);
  if (claimed.length === 0) return { sent: 0, kept: 0, unreadable: 0 };
  await sleep(settings.settleMs ?? 1000);

  const report: ReplayReport = { sent: 0, kept: 0, unreadable: 0 };
  for (const file of claimed) {
    const keep: string[] = [];
    const lines = (await readFile(file, "utf8")).split("\n").filter((line) => line.trim() !== "");
    for (const line of lines) {
      const record = parseRecord(line);
      if (!record) {
        report.unreadable++;
        keep.push(line);
        continue;
      }
      const result = await postToUpstream(settings.upstreamUrl, record.contact, settings.timeoutMs);
      if (result.kind === "accepted") {
        report.sent++;
      } else {
        report.kept++;
        keep.push(JSON.stringify({ ...record, reason: upstreamFailureReason(result), attempts: record.attempts + 1 }));
      }
    }
    await appendOutboxLines(settings.outboxFile, keep);
    await unlink(file);
  }
  return report;
}

/** Earlier claims left by an interrupted replay first, then the current outbox. */
async function claimFiles(outboxFile: string): Promise<string[]> {
  const dir = dirname(outboxFile);
  const prefix = basename(outboxFile) + CLAIM;
  const leftovers = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.startsWith(prefix)).sort().map((f) => join(dir, f));
  const claim = join(dir, `${prefix}${Date.now()}-${process.pid}`);
  try {
    await rename(outboxFile, claim);
    return [...leftovers, claim];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return leftovers;
    throw error;
  }
}

function parseRecord(line: string): OutboxRecord | undefined {
  try {
    const value = JSON.parse(line) as Partial<OutboxRecord>;
    if (typeof value !== "object" || value === null || typeof value.contact !== "object" || value.contact === null) return undefined;
    return { ...value, attempts: typeof value.attempts === "number" ? value.attempts : 0 } as OutboxRecord;
  } catch {
    return undefined;
  }
}
