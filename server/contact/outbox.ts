import { randomUUID } from "node:crypto";
import type { Stats } from "node:fs";
import { mkdir, open, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import type { ContactMessage } from "../../shared/contact.ts";

/** One line of the outbox file (NDJSON): a message not (yet) taken by the provider. */
export interface OutboxRecord {
  /** Also the `Idempotency-Key` of every attempt at sending this message. */
  id: string;
  receivedAt: string;
  requestId?: string;
  /** Why it is here: no upstream configured, or what the upstream did. */
  reason: string;
  attempts: number;
  contact: ContactMessage;
}

export function outboxRecord(
  contact: ContactMessage,
  reason: string,
  requestId?: string,
  id: string = randomUUID(),
): OutboxRecord {
  return {
    id,
    receivedAt: new Date().toISOString(),
    ...(requestId ? { requestId } : {}),
    reason,
    attempts: 0,
    contact,
  };
}

/**
 * The dead-letter file beside the outbox: messages the provider refused for good (a 4xx other
 * than 408/429) or that used up their attempts. Never replayed; a person reads it.
 */
export function deadLetterFile(outboxFile: string): string {
  return outboxFile.replace(/(\.ndjson)?$/, ".dead-letter.ndjson");
}

/** Owner and mode a file should have: those of the outbox it replaces (see replayOutbox.ts). */
export type FileOwner = Pick<Stats, "uid" | "gid" | "mode">;

export interface AppendOptions {
  /** Give a file this owner and mode (a replay run as root must not take the outbox over). */
  owner?: FileOwner | undefined;
  /** Writes one chunk at the end of the file: the real write, or a failing one in tests. */
  write?: (handle: FileHandle, bytes: Buffer) => Promise<number>;
}

const writeChunk = async (handle: FileHandle, bytes: Buffer) => (await handle.write(bytes)).bytesWritten;

/** Appends in this process one at a time per file, so a failed one can be cut off cleanly. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Appends whole lines and flushes them to disk before resolving: once the visitor is told
 * "sent", the message survives a crash. All or nothing: a write that fails part-way (ENOSPC,
 * EIO, EFBIG after a short write) is cut off again, so the file never holds a partial line that
 * the next message would be glued onto. The file holds personal data: only its owner may read
 * it (0600, or the given owner and mode). Each call opens the file anew, so a replay that renames
 * it away loses nothing.
 */
export function appendOutboxLines(file: string, lines: string[], options: AppendOptions = {}): Promise<void> {
  if (lines.length === 0) return Promise.resolve();
  const previous = queues.get(file) ?? Promise.resolve();
  const run = previous.then(
    () => appendNow(file, lines, options),
    () => appendNow(file, lines, options),
  );
  queues.set(file, run);
  // The map only holds the last append of each file.
  void run.catch(() => {}).finally(() => queues.get(file) === run && queues.delete(file));
  return run;
}

async function appendNow(file: string, lines: string[], options: AppendOptions): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const handle = await open(file, "a", 0o600);
  try {
    // The server keeps its file private; a replay gives the files it writes the outbox's owner and mode.
    if (options.owner) await matchOwner(handle, options.owner);
    else await handle.chmod(0o600);
    const before = (await handle.stat()).size;
    const bytes = Buffer.from(lines.map((line) => line + "\n").join(""));
    let written = 0;
    try {
      while (written < bytes.length) {
        const n = await (options.write ?? writeChunk)(handle, bytes.subarray(written));
        if (n <= 0) throw Object.assign(new Error("the outbox write made no progress"), { code: "EIO" });
        written += n;
      }
      await handle.sync();
    } catch (error) {
      // Back to the length it had: what the visitor is told failed leaves no trace. Only when
      // nobody appended after us (another process on the same file): cutting then would eat
      // their line; the reader skips a partial line either way (see replayOutbox.ts).
      const now = (await handle.stat().catch(() => undefined))?.size;
      if (now === before + written)
        await handle
          .truncate(before)
          .then(() => handle.sync())
          .catch(() => {});
      throw error;
    }
  } finally {
    await handle.close();
  }
}

/** chown/chmod to the given owner and mode; only root may give a file away, others keep theirs. */
export async function matchOwner(handle: FileHandle, owner: FileOwner): Promise<void> {
  const now = await handle.stat();
  if ((now.uid !== owner.uid || now.gid !== owner.gid) && process.getuid?.() === 0)
    await handle.chown(owner.uid, owner.gid);
  if ((now.mode & 0o7777) !== (owner.mode & 0o7777)) await handle.chmod(owner.mode & 0o7777);
}

export function appendToOutbox(file: string, record: OutboxRecord): Promise<void> {
  return appendOutboxLines(file, [JSON.stringify(record)]);
}
