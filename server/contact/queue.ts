import { createHash, randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { retryDelayMs, type Attempt, type ContactJob, type DeliverySettings } from "./delivery.ts";

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

/** The queue holds as much as it may: the sender hears 503, and nothing kept is dropped. */
export class QueueFullError extends Error {
  override name = "QueueFullError";
  override message = "the contact queue is full";
}

/** Kept messages that match every part given (the operator's command, server/outbox.ts). */
export interface KeptFilter {
  id?: string | undefined;
  dead?: boolean | undefined;
  /** The sender's e-mail domain, exactly (case-insensitive). */
  domain?: string | undefined;
  receivedBefore?: number | undefined;
}

/** Messages a worker delivers side by side, in either store. */
export const DELIVERIES_AT_ONCE = 4;

export type WorkerOutcome = "delivered" | "retry" | "dead_lettered";

const ATTEMPT_LOG = {
  delivered: ["info", "delivered", "queued contact message delivered"],
  retry: ["warn", "retry", "contact message not taken upstream; retried later"],
  dead: ["error", "dead_lettered", "contact message dead-lettered"],
} as const;

/** What both stores are made with (server/contact/openContactQueue.ts). */
export interface StoreOptions {
  logger: Logger;
  /** CONTACT_QUEUE_MAX_MESSAGES and CONTACT_QUEUE_MAX_BYTES. */
  bounds: { maxMessages: number; maxBytes: number };
  /** Dead letters are deleted this long after they died. */
  retentionMs: number;
  onOutcome?: ((outcome: WorkerOutcome) => void) | undefined;
  /** How often the SQLite worker looks for due messages (default a second); tests look more often. */
  pollMs?: number;
}

/**
 * Where kept messages wait for the provider: BullMQ on Redis for a fleet
 * (server/contact/redisQueue.ts), SQLite for one process (server/contact/sqliteQueue.ts). What
 * the two share is here: the bounds, judged on what the store last counted (`held`), and the
 * operator's view (list, delete and revive by filter) on three primitives each store has.
 */
export abstract class ContactQueue {
  protected held = { messages: 0, bytes: 0 };
  protected readonly log: Logger;
  /** The provider and its retries, as startWorker was given them; unset: messages wait. */
  protected settings: DeliverySettings | undefined;

  constructor(
    protected readonly options: StoreOptions,
    kind: "redis" | "sqlite",
  ) {
    this.log = options.logger.child({ component: "contact-queue", queue: kind });
  }

  /** Claims a message id for this request; resolves with what an earlier one got, if any. */
  abstract claim(id: string): Promise<EarlierAnswer | undefined>;
  /** Records a request's answer for IDEMPOTENCY_WINDOW_MS. */
  abstract remember(id: string, answer: Answer): Promise<void>;
  /** Lets a claim go (nothing was kept): a resend is a new try. */
  abstract forget(id: string): Promise<void>;
  /** Keeps a message; resolves once durable. A kept id again is a no-op. Rejects with QueueFullError at the bounds. */
  abstract enqueue(job: ContactJob): Promise<void>;
  /** Deliveries (with an upstream) and retention, in this process. */
  abstract startWorker(settings: DeliverySettings | undefined): void;
  abstract counts(): Promise<QueueCounts>;
  /** Whether a message could be kept now (docs/decisions/015-readiness-and-the-queue.md). */
  abstract writable(): Promise<boolean>;
  /** Stops taking jobs; resolves once those in flight are done (within the upstream time-out). */
  abstract stopWorker(): Promise<void>;
  abstract close(): Promise<void>;
  /** Every kept message, or every dead letter, oldest first. */
  protected abstract summaries(dead: boolean): Promise<KeptSummary[]>;
  /** Resolve with how many there were to delete, or to put back into the queue. */
  protected abstract remove(ids: string[]): Promise<number>;
  protected abstract revive(ids: string[]): Promise<number>;

  /** The larger of messages/cap and bytes/cap: 1 is full. */
  protected fullness(messages = this.held.messages, bytes = this.held.bytes): number {
    return Math.max(messages / this.options.bounds.maxMessages, bytes / this.options.bounds.maxBytes);
  }

  /**
   * When a new message is first tried, in ms from now: one the provider just failed to take waits
   * its first backoff, as it will between attempts; one kept with no upstream is due at once.
   */
  protected firstDelay(job: ContactJob): number {
    return this.settings && job.firstFailedAt ? retryDelayMs(1, this.settings) : 0;
  }

  /** Counts and logs a worker's attempt, the same for both stores: the job id, never the message. */
  protected report(job: ContactJob, attempt: Attempt, attempts: number, now: number): void {
    const [level, outcome, msg] = ATTEMPT_LOG[attempt.outcome];
    this.options.onOutcome?.(outcome);
    const detail =
      attempt.outcome === "delivered"
        ? { upstreamStatus: attempt.status, queuedMs: now - job.receivedAt }
        : { reason: attempt.reason };
    this.log[level]({ jobId: job.id, contactOutcome: outcome, attempts, ...detail }, msg);
  }

  /** From the last count: asked before a body is read. */
  isFull(): boolean {
    return this.fullness() >= 1;
  }

  /** Oldest first. */
  async listKept(filter: KeptFilter = {}): Promise<KeptSummary[]> {
    const domain = filter.domain?.toLowerCase();
    return (await this.summaries(filter.dead === true)).filter(
      (kept) =>
        (filter.id === undefined || kept.id === filter.id) &&
        (domain === undefined || kept.senderDomain === domain) &&
        (filter.receivedBefore === undefined || kept.receivedAt < filter.receivedBefore),
    );
  }

  async deleteKept(filter: KeptFilter): Promise<number> {
    return this.remove((await this.listKept(filter)).map((kept) => kept.id));
  }

  /** Dead letters (one, or all) back into the queue with a new maximum age; resolves with how many. */
  async retryDead(id?: string): Promise<number> {
    return this.revive((await this.listKept({ id, dead: true })).map((kept) => kept.id));
  }
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
