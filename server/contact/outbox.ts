import { randomUUID } from "node:crypto";
import { mkdir, open } from "node:fs/promises";
import { dirname } from "node:path";
import type { ContactMessage } from "../../shared/contact.ts";

/** One line of the outbox file (NDJSON): a message not (yet) taken by the provider. */
export interface OutboxRecord {
  id: string;
  receivedAt: string;
  requestId?: string;
  /** Why it is here: no upstream configured, or what the upstream did. */
  reason: string;
  attempts: number;
  contact: ContactMessage;
}

export function outboxRecord(contact: ContactMessage, reason: string, requestId?: string): OutboxRecord {
  return { id: randomUUID(), receivedAt: new Date().toISOString(), ...(requestId ? { requestId } : {}), reason, attempts: 0, contact };
}

/**
 * Appends lines and flushes them to disk before resolving: once the visitor is told "sent",
 * the message survives a crash. The file holds personal data, so only its owner may read it.
 * Each call opens the file anew, so a replay that renames the file away loses nothing.
 */
export async function appendOutboxLines(file: string, lines: string[]): Promise<void> {
  if (lines.length === 0) return;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const handle = await open(file, "a", 0o600);
  try {
    await handle.chmod(0o600);
    await handle.writeFile(lines.map((line) => line + "\n").join(""));
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function appendToOutbox(file: string, record: OutboxRecord): Promise<void> {
  return appendOutboxLines(file, [JSON.stringify(record)]);
}
