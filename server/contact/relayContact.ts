import type { ContactMessage } from "../../shared/contact.ts";
import { appendToOutbox, outboxRecord } from "./outbox.ts";
import { postToUpstream, upstreamFailureReason, type UpstreamResult } from "./upstream.ts";

export interface RelaySettings {
  /** Provider API base; unset means the embedded mode: every message goes to the outbox. */
  upstreamUrl?: string | undefined;
  timeoutMs: number;
  outboxFile: string;
}

/** What happened to a valid message, and the status the visitor gets for it. */
export type Delivery =
  | { outcome: "delivered"; status: 200; upstream: UpstreamResult }
  | { outcome: "stored"; status: 200 }
  | { outcome: "not_stored"; status: 503; error: unknown }
  | { outcome: "upstream_failed"; status: 502 | 504; upstream: UpstreamResult; stored: boolean; error?: unknown };

/**
 * Delivers a message so that none is lost: to the provider when one is configured, else to
 * the outbox; a message the provider did not take is kept in the outbox for a replay.
 */
export async function relayContact(settings: RelaySettings, message: ContactMessage, requestId?: string): Promise<Delivery> {
  if (!settings.upstreamUrl) {
    try {
      await appendToOutbox(settings.outboxFile, outboxRecord(message, "no upstream configured", requestId));
      return { outcome: "stored", status: 200 };
    } catch (error) {
      return { outcome: "not_stored", status: 503, error };
    }
  }

  const upstream = await postToUpstream(settings.upstreamUrl, message, settings.timeoutMs);
  if (upstream.kind === "accepted") return { outcome: "delivered", status: 200, upstream };
  const status = upstream.kind === "timeout" ? 504 : 502;
  try {
    await appendToOutbox(settings.outboxFile, outboxRecord(message, upstreamFailureReason(upstream), requestId));
    return { outcome: "upstream_failed", status, upstream, stored: true };
  } catch (error) {
    return { outcome: "upstream_failed", status, upstream, stored: false, error };
  }
}
