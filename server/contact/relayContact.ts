import { randomUUID } from "node:crypto";
import type { ContactMessage } from "../../shared/contact.ts";
import { appendOutboxLines, appendToOutbox, deadLetterFile, outboxRecord } from "./outbox.ts";
import { isPermanentRefusal, postToUpstream, upstreamFailureReason, type UpstreamResult } from "./upstream.ts";

export interface RelaySettings {
  /** Provider API base; unset means the embedded mode: every message goes to the outbox. */
  upstreamUrl?: string | undefined;
  timeoutMs: number;
  outboxFile: string;
}

/**
 * What happened to a valid message, and the status the visitor gets for it. A delivered
 * message answers with the provider's own 2xx: the form shows its toast for exactly 200
 * (docs/product.md), so a 201 must reach the browser as a 201.
 */
export type Delivery =
  | { outcome: "delivered"; status: number; upstream: UpstreamResult }
  | { outcome: "stored"; status: 200 }
  | { outcome: "not_stored"; status: 503; error: unknown }
  | { outcome: "refused"; status: 502; upstream: UpstreamResult; deadLettered: boolean; error?: unknown }
  | { outcome: "upstream_failed"; status: 502 | 504; upstream: UpstreamResult; stored: boolean; error?: unknown };

/**
 * Delivers a message so that none is lost: to the provider when one is configured, else to
 * the outbox; a message the provider did not take for now (5xx, 408, 429, 3xx, time-out,
 * network) is kept in the outbox for a replay; one it refused for good (other 4xx) goes to the
 * dead-letter file, since sending it again would only be refused again.
 */
export async function relayContact(
  settings: RelaySettings,
  message: ContactMessage,
  requestId?: string,
): Promise<Delivery> {
  if (!settings.upstreamUrl) {
    try {
      await appendToOutbox(settings.outboxFile, outboxRecord(message, "no upstream configured", requestId));
      return { outcome: "stored", status: 200 };
    } catch (error) {
      return { outcome: "not_stored", status: 503, error };
    }
  }

  // The id the record would have in the outbox is also the idempotency key: a replay of a
  // message whose answer was lost (time-out) sends the same key again.
  const id = randomUUID();
  const upstream = await postToUpstream(settings.upstreamUrl, message, settings.timeoutMs, id);
  if (upstream.kind === "accepted") return { outcome: "delivered", status: upstream.status, upstream };
  const record = outboxRecord(message, upstreamFailureReason(upstream), requestId, id);
  if (isPermanentRefusal(upstream)) {
    try {
      await appendOutboxLines(deadLetterFile(settings.outboxFile), [JSON.stringify(record)]);
      return { outcome: "refused", status: 502, upstream, deadLettered: true };
    } catch (error) {
      return { outcome: "refused", status: 502, upstream, deadLettered: false, error };
    }
  }
  const status = upstream.kind === "timeout" ? 504 : 502;
  try {
    await appendToOutbox(settings.outboxFile, record);
    return { outcome: "upstream_failed", status, upstream, stored: true };
  } catch (error) {
    return { outcome: "upstream_failed", status, upstream, stored: false, error };
  }
}
