import { createHash, randomUUID } from "node:crypto";
import type { ContactJob, DeliverySettings } from "./delivery.ts";

/** How long an Idempotency-Key stands for one message, and how long it is held while its first request is answered. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const PENDING_CLAIM_MS = 2 * 60 * 1000;

/** What a message's request was answered: the provider's status, or "queued" (202). */
export type Answer = number | "queued";
export type EarlierAnswer = Answer | "pending";

/** A kept message as an operator sees it: ids, times and the sender's domain, never the message. */
export interface KeptSummary {
  id: string;
  receivedAt: number;
  senderDomain: string;
  attempts: number;
  /** Set for a dead letter: when and why. */
  deadAt?: number | undefined;
  reason?: string | undefined;
}

export interface QueueCounts {
  queued: number;
  dead: number;
  oldestQueuedAt?: number | undefined;
  /** What the store holds against its byte cap: message bytes (SQLite) or Redis's used memory. */
  bytes: number;
  /** The larger of messages/cap and bytes/cap: 1 is full. */
  fullness: number;
}

/** CONTACT_QUEUE_MAX_MESSAGES and CONTACT_QUEUE_MAX_BYTES. */
export interface QueueBounds {
  maxMessages: number;
  maxBytes: number;
}

/** The queue holds as much as it may: the sender hears 503, and nothing kept is dropped. */
export class QueueFullError extends Error {
  override name = "QueueFullError";
  constructor() {
    super("the contact queue is full");
  }
}

export const fullness = (bounds: QueueBounds, messages: number, bytes: number): number =>
  Math.max(messages / bounds.maxMessages, bytes / bounds.maxBytes);

/** Kept messages that match every part given (the operator's command, server/outbox.ts). */
export interface KeptFilter {
  id?: string | undefined;
  dead?: boolean | undefined;
  /** The sender's e-mail domain, exactly (case-insensitive). */
  domain?: string | undefined;
  receivedBefore?: number | undefined;
}

/**
 * Where kept messages wait for the provider: BullMQ on Redis for a fleet
 * (server/contact/redisQueue.ts), SQLite for one process (server/contact/sqliteQueue.ts).
 */
export interface ContactQueue {
  readonly kind: "redis" | "sqlite";
  /** Claims a message id for this request; resolves with what an earlier one got, if any. */
  claim(id: string): Promise<EarlierAnswer | undefined>;
  /** Records a request's answer for IDEMPOTENCY_WINDOW_MS. */
  remember(id: string, answer: Answer): Promise<void>;
  /** Lets a claim go (nothing was kept): a resend is a new try. */
  forget(id: string): Promise<void>;
  /** Keeps a message; resolves once durable. A kept id again is a no-op. Rejects with QueueFullError at the bounds. */
  enqueue(job: ContactJob): Promise<void>;
  /** From the last count: asked before a body is read. */
  isFull(): boolean;
  /** Deliveries (with an upstream) and retention, in this process. */
  startWorker(settings: DeliverySettings | undefined): void;
  /** Oldest first. */
  listKept(filter?: KeptFilter): Promise<KeptSummary[]>;
  deleteKept(filter: KeptFilter): Promise<number>;
  /** Dead letters (one, or all) back into the queue with a new maximum age; resolves with how many. */
  retryDead(id?: string): Promise<number>;
  counts(): Promise<QueueCounts>;
  /** Whether a message could be kept now (docs/decisions/015-readiness-and-the-queue.md). */
  writable(): Promise<boolean>;
  /** Stops taking jobs; resolves once those in flight are done (within the upstream time-out). */
  stopWorker(): Promise<void>;
  close(): Promise<void>;
}

/** A key a client may send: printable ASCII, 1-255 characters; anything else is ignored. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * A request's message id: a digest of its Idempotency-Key (the key itself is never kept or sent
 * on), or a fresh id. It starts with a letter: BullMQ refuses job ids that are plain integers.
 */
export function messageId(idempotencyKey: string | undefined): string {
  if (idempotencyKey !== undefined && KEY_PATTERN.test(idempotencyKey))
    return `m${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 32)}`;
  return `m${randomUUID().replaceAll("-", "")}`;
}

export const senderDomain = (job: ContactJob): string => job.contact.email.split("@").pop()!.toLowerCase();
export const jobBytes = (job: ContactJob): number => Buffer.byteLength(JSON.stringify(job));
