import type { Logger } from "pino";
import type { ContactMessage } from "../../shared/contact.ts";
import {
  isPermanentRefusal,
  postToUpstream,
  upstreamFailureReason,
  type Upstream,
  type UpstreamResult,
} from "./upstream.ts";

/** A contact message the provider has not taken yet, as either queue keeps it. */
export interface ContactJob {
  /**
   * The queue's id for the message, derived from the visitor's Idempotency-Key (one per filled-in
   * form), and the `Idempotency-Key` of every attempt upstream: the same message has the same id
   * on every replica and every attempt.
   */
  id: string;
  /** When the site received it (ms since the epoch). */
  receivedAt: number;
  /** When the provider first failed to take it: the maximum age counts from here. */
  firstFailedAt?: number | undefined;
  requestId?: string | undefined;
  /** Set for a message moved from an old dead-letter file: it is a dead letter at once. */
  deadReason?: string | undefined;
  contact: ContactMessage;
}

export interface DeliverySettings {
  upstream: Upstream;
  /** After this long of failing, a message goes to the dead letters. */
  maxAgeMs: number;
  /** Retry delays double from this... */
  retryBaseMs: number;
  /** ...up to this, so a message is tried again within it once the provider is back. */
  retryMaxDelayMs: number;
}

export type Attempt =
  | { outcome: "delivered"; status: number; upstream: UpstreamResult }
  | { outcome: "retry"; reason: string; upstream: UpstreamResult }
  | { outcome: "dead"; reason: string; upstream?: UpstreamResult };

/**
 * One attempt at handing a kept message to the provider: delivered (2xx), to be retried
 * (5xx, 408, 429, 3xx, time-out, network), or dead: refused for good (any other 4xx, which
 * sending again would only repeat) or failing for longer than the maximum age.
 */
export async function attemptDelivery(settings: DeliverySettings, job: ContactJob, now = Date.now()): Promise<Attempt> {
  if (job.deadReason) return { outcome: "dead", reason: job.deadReason };
  const upstream = await postToUpstream(settings.upstream, job.contact, job.id);
  if (upstream.kind === "accepted") return { outcome: "delivered", status: upstream.status, upstream };
  const reason = upstreamFailureReason(upstream);
  if (isPermanentRefusal(upstream)) return { outcome: "dead", reason, upstream };
  if (now - (job.firstFailedAt ?? now) >= settings.maxAgeMs)
    return {
      outcome: "dead",
      reason: `${reason}; gave up after ${Math.round(settings.maxAgeMs / 3_600_000)} h`,
      upstream,
    };
  return { outcome: "retry", reason, upstream };
}

/**
 * The wait before attempt `attemptsMade + 1`: exponential from `retryBaseMs`, capped at
 * `retryMaxDelayMs`, with "equal jitter" (half fixed, half random) so that the messages kept
 * during one outage do not all hit the provider in the same second when it comes back.
 */
export function retryDelayMs(
  attemptsMade: number,
  settings: Pick<DeliverySettings, "retryBaseMs" | "retryMaxDelayMs">,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(attemptsMade - 1, 0), 30);
  const ceiling = Math.min(settings.retryMaxDelayMs, settings.retryBaseMs * 2 ** exponent);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export type WorkerOutcome = "delivered" | "retry" | "dead_lettered";

/**
 * Counts and logs what a worker's attempt came to, the same for both queues: the job id to
 * follow a message, never its personal data.
 */
export function reportAttempt(
  log: Logger,
  onOutcome: ((outcome: WorkerOutcome) => void) | undefined,
  job: ContactJob,
  attempt: Attempt,
  attempts: number,
  now: number,
): void {
  const jobId = job.id;
  switch (attempt.outcome) {
    case "delivered":
      onOutcome?.("delivered");
      log.info(
        {
          jobId,
          contactOutcome: "delivered",
          upstreamStatus: attempt.status,
          attempts,
          queuedMs: now - job.receivedAt,
        },
        "queued contact message delivered",
      );
      return;
    case "dead":
      onOutcome?.("dead_lettered");
      log.error(
        { jobId, contactOutcome: "dead_lettered", reason: attempt.reason, attempts },
        "contact message dead-lettered",
      );
      return;
    case "retry":
      onOutcome?.("retry");
      log.warn(
        { jobId, contactOutcome: "retry", reason: attempt.reason, attempts },
        "contact message not taken upstream; retried later",
      );
  }
}
