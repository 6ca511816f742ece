import { createHash, randomUUID } from "node:crypto";
import type { ContactJob, DeliverySettings } from "./delivery.ts";

/** How long an Idempotency-Key stands for one message (docs/product.md, the contact API). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How long a key is held while its first request is still being answered. */
export const PENDING_CLAIM_MS = 2 * 60 * 1000;

/** The answer a message's request got: the provider's status, or "queued" (202 from the queue). */
export type Answer = number | "queued";
/** What an earlier request with the same key got, or "pending" while it is still in flight. */
export type EarlierAnswer = Answer | "pending";

/** A message the provider refused for good or that failed past the maximum age. */
export interface DeadLetter {
  id: string;
  receivedAt: number;
  deadAt: number;
  reason: string;
  attempts: number;
}

/** A kept message as an operator sees it: never its personal data beyond the sender's domain. */
export interface KeptSummary {
  id: string;
  receivedAt: number;
  senderDomain: string;
  dead: boolean;
}

export interface QueueCounts {
  /** Waiting for their next attempt (or for an upstream to be configured). */
  queued: number;
  dead: number;
  /** receivedAt of the oldest queued message, if any. */
  oldestQueuedAt?: number | undefined;
  /** What the store holds against its byte cap: message bytes (SQLite) or Redis's used memory. */
  bytes: number;
  /** The larger of messages/cap and bytes/cap: 1 is full. */
  fullness: number;
}

/** What a queue may hold (CONTACT_QUEUE_MAX_MESSAGES, CONTACT_QUEUE_MAX_BYTES). */
export interface QueueBounds {
  maxMessages: number;
  maxBytes: number;
}

/** A message refused because the queue holds as much as it may: the visitor hears 503. */
export class QueueFullError extends Error {
  override name = "QueueFullError";
  constructor() {
    super("the contact queue is full");
  }
}

export const fullness = (bounds: QueueBounds, messages: number, bytes: number): number =>
  Math.max(messages / bounds.maxMessages, bytes / bounds.maxBytes);

/** A selection of kept messages for the operator's command (server/contact/outboxCli.ts): all parts must match. */
export interface KeptFilter {
  id?: string | undefined;
  /** Dead letters only. */
  dead?: boolean | undefined;
  /** The sender's e-mail domain, exactly (case-insensitive). */
  domain?: string | undefined;
  /** Received before this time (ms since the epoch). */
  receivedBefore?: number | undefined;
}

/**
 * Where kept contact messages wait for the provider: BullMQ on Redis for a fleet
 * (server/contact/redisQueue.ts), or SQLite for one process (server/contact/sqliteQueue.ts).
 * Both answer to the same worker logic (server/contact/delivery.ts).
 */
export interface ContactQueue {
  readonly kind: "redis" | "sqlite";
  /** Claims a message id for this request; resolves with what an earlier one got, if any. */
  claim(id: string): Promise<EarlierAnswer | undefined>;
  /** Records what a message's request was answered, for IDEMPOTENCY_WINDOW_MS. */
  remember(id: string, answer: Answer): Promise<void>;
  /** Lets a key go (its request failed before anything was kept): a resend is a new try. */
  forget(id: string): Promise<void>;
  /**
   * Keeps a message for the worker; resolves once it is durable. Adding a kept id again is a
   * no-op. Rejects with QueueFullError at the bounds: nothing already kept is ever dropped.
   */
  enqueue(job: ContactJob): Promise<void>;
  /** Whether the queue is at its bounds, from what it last counted: asked before a body is read. */
  isFull(): boolean;
  /** Starts the worker in this process: deliveries (when an upstream is configured) and retention. */
  startWorker(settings: DeliverySettings | undefined): void;
  listDead(): Promise<DeadLetter[]>;
  /** Moves dead letters (one, or all when no id) back to the queue; resolves with how many. */
  retryDead(id?: string): Promise<number>;
  /** Kept messages, queued and dead, oldest first: the operator's view of a flood. */
  listKept(filter?: KeptFilter): Promise<KeptSummary[]>;
  /** Deletes the kept messages (queued and dead) that match every part of the filter. */
  deleteKept(filter: KeptFilter): Promise<number>;
  counts(): Promise<QueueCounts>;
  /**
   * Whether a message could be kept now, without writing one: Redis connected, or the store
   * open and its last write not failed (a full disk, a read-only mount). For /readyz's report
   * and the `contact_queue_writable` gauge (docs/decisions/015-readiness-and-the-queue.md).
   */
  writable(): Promise<boolean>;
  /** Stops taking jobs; resolves once the one in flight is finished (within the upstream time-out). */
  stopWorker(): Promise<void>;
  /** stopWorker, then closes connections and files. */
  close(): Promise<void>;
}

/**
 * A key a client may send: printable ASCII, at most 255 characters (a UUID is what the form
 * sends). Anything else is ignored and the message gets an id of its own.
 */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * The message id for a request: a digest of the visitor's Idempotency-Key, so that the key
 * itself is never stored or sent on, or a fresh id without one. It starts with a letter: BullMQ
 * refuses custom job ids that are plain integers.
 */
export function messageId(idempotencyKey: string | undefined): { id: string; keyed: boolean } {
  if (idempotencyKey !== undefined && KEY_PATTERN.test(idempotencyKey))
    return { id: `m${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 32)}`, keyed: true };
  return { id: `m${randomUUID().replaceAll("-", "")}`, keyed: false };
}

/** The sender's e-mail domain, lower-cased: how an operator tells a flood's messages apart. */
export const senderDomain = (job: ContactJob): string => job.contact.email.split("@").pop()!.toLowerCase();

/** A message's size against the byte cap: its JSON as kept. */
export const jobBytes = (job: ContactJob): number => Buffer.byteLength(JSON.stringify(job));
