import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { link, open, readdir, readFile, rename, stat, unlink } from "node:fs/promises";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { appendOutboxLines, deadLetterFile, matchOwner, type FileOwner, type OutboxRecord } from "./outbox.ts";
import { isPermanentRefusal, postToUpstream, upstreamFailureReason } from "./upstream.ts";

export interface ReplaySettings {
  outboxFile: string;
  upstreamUrl: string;
  timeoutMs: number;
  /**
   * Time for a server append that opened the file just before it was claimed to finish
   * (open, write, fsync, close: milliseconds). Its lines land in the claimed file.
   */
  settleMs?: number;
  /** Attempts (the server's first one included) after which a message goes to the dead-letter file. */
  maxAttempts?: number;
  /** Told of each message as its fate is decided (the command prints these). */
  onEvent?: (event: ReplayEvent) => void;
}

export type ReplayEvent =
  | { kind: "sent"; id: string; status: number }
  | { kind: "kept"; id: string; reason: string; attempts: number }
  | { kind: "dead-lettered"; id: string; reason: string; attempts: number }
  | { kind: "unreadable"; line: number };

export interface ReplayReport {
  sent: number;
  kept: number;
  deadLettered: number;
  /** Lines that are not outbox records: kept as they are for a person to look at. */
  unreadable: number;
}

export const DEFAULT_MAX_ATTEMPTS = 10;

/** Another replay holds the lock and is alive (or cannot be checked: another host). */
export class ReplayBusyError extends Error {
  constructor(readonly holder: LockHolder) {
    super(
      `another outbox replay is running (pid ${holder.pid} on ${holder.host}, since ${holder.startedAt}); ` +
        `if it is gone for sure, remove the lock file and run again`,
    );
  }
}

/**
 * The files beside the outbox `F`: `F.lock` (one replay at a time), `F.replaying` (the claimed
 * outbox: the server appends to a fresh `F` meanwhile) and `F.replaying.journal` (what became of
 * each line of the claim, flushed before and after each send).
 */
export const replayFiles = (outboxFile: string) => ({
  lock: `${outboxFile}.lock`,
  claim: `${outboxFile}.replaying`,
  journal: `${outboxFile}.replaying.journal`,
  deadLetter: deadLetterFile(outboxFile),
});

/**
 * Sends the outbox's messages upstream, one at a time, and keeps only those that still fail.
 *
 * Single-flight: an exclusive lock file covers the whole run; a lock left by a run that crashed
 * is taken over only once its process is gone. Crash-safe: the outbox is claimed by a rename,
 * and each message's send is journaled before and after (fsync), so a run that is killed at any
 * point is finished by the next one: no message is lost, and none is sent twice except the one
 * in flight at the kill, whose answer was never known. That one is sent again with the same
 * `Idempotency-Key` (its record id), so a provider that honours the header takes it once:
 * at-least-once delivery, exactly-once at an idempotent provider. Messages written back (still
 * failing, or dead-lettered) are appended once: a resumed run skips ids already there.
 * Permanent refusals (4xx but 408/429) and messages past `maxAttempts` go to the dead-letter
 * file. Files written keep the owner and mode of the outbox they replace (a run as root must not
 * lock the server, uid 1000, out of its own outbox).
 */
export async function replayOutbox(settings: ReplaySettings): Promise<ReplayReport> {
  const files = replayFiles(settings.outboxFile);
  const report: ReplayReport = { sent: 0, kept: 0, deadLettered: 0, unreadable: 0 };
  // No folder, no outbox: nothing to do (and nothing to create, as whatever user this runs as).
  if (!(await exists(dirname(settings.outboxFile)))) return report;
  const release = await acquireLock(files.lock);
  try {
    // A claim left by a crashed run first (journal and all), then the current outbox.
    if (!(await exists(files.claim))) {
      await unlink(files.journal).catch(ignoreMissing);
      const legacy = await legacyClaims(settings.outboxFile);
      for (const file of legacy) {
        // Claims of the replay before this one (`F.replaying-<time>-<pid>`): one after another.
        await rename(file, files.claim);
        await processClaim(settings, files, report);
      }
    } else {
      await processClaim(settings, files, report);
    }
    try {
      await rename(settings.outboxFile, files.claim);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return report;
      throw error;
    }
    await sleep(settings.settleMs ?? 1000);
    await processClaim(settings, files, report);
    return report;
  } finally {
    await release();
  }
}

type Outcome = { outcome: "sent" } | { outcome: "kept" | "dead"; line: string };
interface JournalEntry {
  i: number;
  /** "sending": written before the POST; an entry with an outcome, after it. */
  state?: "sending";
  outcome?: "sent" | "kept" | "dead";
  line?: string;
}

async function processClaim(
  settings: ReplaySettings,
  files: ReturnType<typeof replayFiles>,
  report: ReplayReport,
): Promise<void> {
  const owner: FileOwner = await stat(files.claim);
  const decided = await readJournal(files.journal);
  const journal = await openJournal(files.journal, owner);
  const maxAttempts = settings.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const keep: string[] = [];
  const dead: string[] = [];
  try {
    // Lines are only ever appended to the claim (a server append that opened the file before
    // the rename and ended after the settle time), so it is read again until it stops growing.
    let seen = 0;
    for (;;) {
      const bytes = await readFile(files.claim);
      const text = bytes.subarray(0, bytes.lastIndexOf(0x0a) + 1).toString("utf8");
      const lines = text.split("\n").slice(0, -1);
      if (lines.length === seen && bytes.length === Buffer.byteLength(text)) break;
      if (lines.length === seen) {
        // A last line without its newline: a server write that died half-way. Kept as it is.
        const tail = bytes.subarray(Buffer.byteLength(text)).toString("utf8");
        report.unreadable++;
        settings.onEvent?.({ kind: "unreadable", line: seen + 1 });
        keep.push(tail);
        break;
      }
      for (let i = seen; i < lines.length; i++) {
        const line = lines[i]!;
        if (line.trim() === "") continue;
        const record = parseRecord(line);
        if (!record) {
          report.unreadable++;
          settings.onEvent?.({ kind: "unreadable", line: i + 1 });
          keep.push(line);
          continue;
        }
        const outcome = decided.get(i) ?? (await sendOne(settings, journal, i, record, maxAttempts, report));
        if (outcome.outcome === "kept") {
          keep.push(outcome.line);
          report.kept++;
        } else if (outcome.outcome === "dead") {
          dead.push(outcome.line);
          report.deadLettered++;
        }
      }
      seen = lines.length;
    }
  } finally {
    await journal.close();
  }
  // Written back once: a run that died here and is resumed skips what is already there.
  await appendOutboxLines(files.deadLetter, await notYetIn(files.deadLetter, dead), { owner });
  await appendOutboxLines(settings.outboxFile, await notYetIn(settings.outboxFile, keep), { owner });
  await unlink(files.claim);
  await unlink(files.journal).catch(ignoreMissing);
}

/** One message: journaled as "sending", POSTed, then journaled with its fate. */
async function sendOne(
  settings: ReplaySettings,
  journal: Awaited<ReturnType<typeof openJournal>>,
  i: number,
  record: OutboxRecord,
  maxAttempts: number,
  report: ReplayReport,
): Promise<Outcome> {
  await journal.write({ i, state: "sending" });
  const result = await postToUpstream(settings.upstreamUrl, record.contact, settings.timeoutMs, record.id);
  const attempts = record.attempts + 1;
  let outcome: Outcome;
  if (result.kind === "accepted") {
    outcome = { outcome: "sent" };
    report.sent++;
    settings.onEvent?.({ kind: "sent", id: record.id, status: result.status });
  } else {
    const permanent = isPermanentRefusal(result);
    const deadNow = permanent || attempts >= maxAttempts;
    const reason =
      upstreamFailureReason(result) +
      (permanent ? " (refused for good)" : deadNow ? ` (gave up after ${attempts} attempts)` : "");
    outcome = { outcome: deadNow ? "dead" : "kept", line: JSON.stringify({ ...record, reason, attempts }) };
    settings.onEvent?.({ kind: deadNow ? "dead-lettered" : "kept", id: record.id, reason, attempts });
  }
  await journal.write({ i, ...outcome });
  return outcome;
}

/** The journal's decided lines; a line cut by a crash is dropped (its message is sent again). */
async function readJournal(file: string): Promise<Map<number, Outcome>> {
  const decided = new Map<number, Outcome>();
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return "";
    throw error;
  });
  for (const line of text.split("\n")) {
    let entry: JournalEntry;
    try {
      entry = JSON.parse(line) as JournalEntry;
    } catch {
      continue;
    }
    if (entry.outcome === "sent") decided.set(entry.i, { outcome: "sent" });
    else if ((entry.outcome === "kept" || entry.outcome === "dead") && typeof entry.line === "string")
      decided.set(entry.i, { outcome: entry.outcome, line: entry.line });
  }
  return decided;
}

async function openJournal(file: string, owner: FileOwner) {
  const handle = await open(file, "a+", 0o600);
  await matchOwner(handle, owner);
  // A partial last line (a crash mid-write) would swallow the next entry: cut it off.
  const { size } = await handle.stat();
  if (size > 0) {
    const { buffer } = await handle.read(Buffer.alloc(size), 0, size, 0);
    const end = buffer.lastIndexOf(0x0a) + 1;
    if (end !== size) await handle.truncate(end);
  }
  return {
    async write(entry: JournalEntry) {
      await handle.write(JSON.stringify(entry) + "\n");
      await handle.sync();
    },
    close: () => handle.close(),
  };
}

/** Lines whose record id (or, for unreadable lines, whose text) is not in the file yet. */
async function notYetIn(file: string, lines: string[]): Promise<string[]> {
  if (lines.length === 0) return lines;
  const present = new Set<string>();
  const text = await readFile(file, "utf8").catch(() => "");
  for (const line of text.split("\n")) present.add(parseRecord(line)?.id ?? line);
  return lines.filter((line) => !present.has(parseRecord(line)?.id ?? line));
}

interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
  /** The process's start time in clock ticks (Linux), so a reused pid is not taken for it. */
  startTicks?: number | undefined;
  token: string;
}

/**
 * Creates the lock file exclusively (O_EXCL). If it exists and its process is alive, the run
 * stops (ReplayBusyError). If its process is gone, the lock is moved aside by a rename (atomic:
 * of two runs taking over at once, one gets it) and, should what was moved turn out to be a live
 * run's fresh lock, put back.
 */
async function acquireLock(lockFile: string): Promise<() => Promise<void>> {
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    startTicks: startTicks(process.pid),
    token: randomUUID(),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      // Readable by all (it holds a pid and a host name, nothing personal): a run as another
      // user must be able to see that this one is alive rather than take it for garbage.
      const handle = await open(lockFile, "wx", 0o644);
      try {
        await handle.write(JSON.stringify(me) + "\n");
        await handle.sync();
      } finally {
        await handle.close();
      }
      await sweepAsides(lockFile);
      return async () => {
        const held = await readLock(lockFile);
        if (held?.token === me.token) await unlink(lockFile).catch(ignoreMissing);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const held = await readLock(lockFile);
    if (held === undefined) {
      // Being written by a run that has just created it, or gone meanwhile: look again shortly;
      // an unreadable lock older than a few seconds is garbage (a crash between open and write).
      const age = await stat(lockFile).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age < 5000) {
        await sleep(200);
        continue;
      }
    } else if (isAlive(held)) {
      throw new ReplayBusyError(held);
    }
    const aside = `${lockFile}.stale-${process.pid}-${me.token}`;
    try {
      await rename(lockFile, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    const moved = await readLock(aside);
    if (moved && moved.token !== held?.token && isAlive(moved)) {
      await link(aside, lockFile).catch(() => {});
      await unlink(aside).catch(ignoreMissing);
      throw new ReplayBusyError(moved);
    }
    await unlink(aside).catch(ignoreMissing);
  }
  throw new Error(`could not take the replay lock ${lockFile}`);
}

/**
 * Removes lock files a run moved aside and was killed before removing (between its rename and
 * its unlink above). The mover's pid is in the name: an aside whose mover is gone is touched by
 * nobody again; one whose mover lives is left to it, since it may still put it back.
 */
async function sweepAsides(lockFile: string): Promise<void> {
  const prefix = `${basename(lockFile)}.stale-`;
  const dir = dirname(lockFile);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split("-")[0]);
    if (!Number.isInteger(pid) || pid === process.pid || processExists(pid)) continue;
    await unlink(join(dir, name)).catch(ignoreMissing);
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function readLock(file: string): Promise<LockHolder | undefined> {
  try {
    const value = JSON.parse(await readFile(file, "utf8")) as LockHolder;
    return typeof value.pid === "number" && typeof value.token === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A holder on another host cannot be checked, so it counts as alive. */
function isAlive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  const ticks = startTicks(holder.pid);
  return holder.startTicks === undefined || ticks === undefined || ticks === holder.startTicks;
}

function startTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22, counted after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const value = Number(fields[19]);
    return Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Claims of the earlier replay format (`F.replaying-<time>-<pid>`), oldest first. */
async function legacyClaims(outboxFile: string): Promise<string[]> {
  const dir = dirname(outboxFile);
  const prefix = basename(outboxFile) + ".replaying-";
  return (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.startsWith(prefix))
    .sort()
    .map((f) => join(dir, f));
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== "ENOENT") throw error;
}

function parseRecord(line: string): OutboxRecord | undefined {
  try {
    const value = JSON.parse(line) as Partial<OutboxRecord>;
    if (typeof value !== "object" || value === null || typeof value.contact !== "object" || value.contact === null)
      return undefined;
    if (typeof value.id !== "string") return undefined;
    return { ...value, attempts: typeof value.attempts === "number" ? value.attempts : 0 } as OutboxRecord;
  } catch {
    return undefined;
  }
}
