import type { ContactMessage } from "../../shared/contact.ts";
import type { ContactJob } from "./delivery.ts";
import { messageId, type ContactQueue } from "./queue.ts";
import {
  isPermanentRefusal,
  postToUpstream,
  upstreamFailureReason,
  type Upstream,
  type UpstreamResult,
} from "./upstream.ts";

export interface RelaySettings {
  /** The provider; unset: every message waits in the queue until one is configured. */
  upstream?: Upstream | undefined;
}

export interface RelayRequest {
  /** The visitor's Idempotency-Key header: one per filled-in form. */
  idempotencyKey?: string | undefined;
  requestId?: string | undefined;
}

/**
 * What happened to a valid message, and the status the visitor gets for it
 * (docs/decisions/012-contact-delivery-queue.md):
 * - delivered: the provider took it at once; its own 2xx is passed on (the form's toast shows
 *   for exactly 200, so a 201 must reach the browser as a 201);
 * - queued: kept for the worker, 202;
 * - refused: the provider refused it for good (a 4xx other than 408/429), 502; it is a dead letter;
 * - not_kept: neither the provider nor the queue took it, 503: the only case the visitor must
 *   send again;
 * - repeated: the same Idempotency-Key as an earlier request: that request's status again, or
 *   409 while it is still being answered. Never a second message.
 */
export type Delivery =
  | { outcome: "delivered"; jobId: string; status: number; upstream: UpstreamResult }
  | { outcome: "queued"; jobId: string; status: 202; upstream?: UpstreamResult | undefined }
  | { outcome: "refused"; jobId: string; status: 502; upstream: UpstreamResult; deadLettered: boolean; error?: unknown }
  | { outcome: "not_kept"; jobId: string; status: 503; upstream?: UpstreamResult | undefined; error: unknown }
  | { outcome: "repeated"; jobId: string; status: number; queued: boolean };

const ignore = () => {};

export async function relayContact(
  settings: RelaySettings,
  queue: ContactQueue,
  message: ContactMessage,
  request: RelayRequest = {},
): Promise<Delivery> {
  const { id: jobId } = messageId(request.idempotencyKey);
  // A queue store that is away cannot tell a resend apart: the message is still tried.
  const earlier = await queue.claim(jobId).catch(ignore);
  if (earlier !== undefined)
    return {
      outcome: "repeated",
      jobId,
      status: earlier === "pending" ? 409 : earlier === "queued" ? 202 : earlier,
      queued: earlier === "queued",
    };

  const job: ContactJob = { id: jobId, receivedAt: Date.now(), requestId: request.requestId, contact: message };
  let upstream: UpstreamResult | undefined;
  if (settings.upstream) {
    upstream = await postToUpstream(settings.upstream, message, jobId);
    if (upstream.kind === "accepted") {
      await queue.remember(jobId, upstream.status).catch(ignore);
      return { outcome: "delivered", jobId, status: upstream.status, upstream };
    }
    const reason = upstreamFailureReason(upstream);
    if (isPermanentRefusal(upstream)) {
      const deadLettered = await queue.enqueue({ ...job, deadReason: reason }).then(
        () => true,
        (error: unknown) => error,
      );
      await queue.remember(jobId, 502).catch(ignore);
      return deadLettered === true
        ? { outcome: "refused", jobId, status: 502, upstream, deadLettered: true }
        : { outcome: "refused", jobId, status: 502, upstream, deadLettered: false, error: deadLettered };
    }
    job.firstFailedAt = Date.now();
  }
  try {
    await queue.enqueue(job);
  } catch (error) {
    await queue.forget(jobId).catch(ignore);
    return { outcome: "not_kept", jobId, status: 503, upstream, error };
  }
  await queue.remember(jobId, "queued").catch(ignore);
  return { outcome: "queued", jobId, status: 202, upstream };
}
