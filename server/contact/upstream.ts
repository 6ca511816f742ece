import { contactEndpoint } from "../../shared/contactMessages.ts";
import type { ContactMessage } from "../../shared/contact.ts";
import { inProviderSpan } from "../tracing.ts";

export type UpstreamResult =
  | { kind: "accepted"; status: number; ms: number }
  | { kind: "rejected"; status: number; ms: number }
  | { kind: "timeout"; ms: number }
  | { kind: "unreachable"; code: string; ms: number };

/** `<base>/api/Geography/addContactUs`, whether or not the base ends with a slash. */
export function upstreamUrl(base: string): string {
  return base.replace(/\/+$/, "") + contactEndpoint;
}

/**
 * A refusal the provider will repeat however often the message is sent: every 4xx except
 * 408 (Request Timeout) and 429 (Too Many Requests), which say "later". Such a message goes
 * to the dead-letter file instead of the outbox. 3xx is not among them: a moved endpoint is
 * a configuration fault an operator can fix, after which a replay succeeds.
 */
export function isPermanentRefusal(result: UpstreamResult): boolean {
  return (
    result.kind === "rejected" &&
    result.status >= 400 &&
    result.status < 500 &&
    result.status !== 408 &&
    result.status !== 429
  );
}

/** Where and how the provider is called. */
export interface Upstream {
  /** The API base (CONTACT_UPSTREAM_URL). */
  url: string;
  timeoutMs: number;
  /** Sent as `Authorization: Bearer <token>` when set (CONTACT_UPSTREAM_TOKEN); never logged. */
  token?: string | undefined;
}

/**
 * POSTs the five fields, and nothing else, to the provider's API. No client header or cookie
 * is passed on. Only the status counts (docs/product.md, the contact API), so the body is
 * discarded unread. A redirect is not followed: it would turn the POST into a GET somewhere else.
 * `idempotencyKey` (the queue's id for the message) goes out as `Idempotency-Key`, the same on
 * every attempt at one message, so a provider that honours it takes a re-sent message once.
 * With tracing on, the call is a client span and carries `traceparent` (server/tracing.ts).
 */
export function postToUpstream(
  upstream: Upstream,
  message: ContactMessage,
  idempotencyKey?: string,
): Promise<UpstreamResult> {
  const { name, email, phone, subject, message: text } = message;
  const url = upstreamUrl(upstream.url);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json",
    ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
    ...(upstream.token ? { authorization: `Bearer ${upstream.token}` } : {}),
  };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const call = async (): Promise<UpstreamResult> => {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers,
        body: JSON.stringify({ name, email, phone, subject, message: text }),
        redirect: "manual",
        signal: AbortSignal.timeout(upstream.timeoutMs),
      });
      const ms = elapsed();
      // Frees the connection without reading a byte of the body.
      await response.body?.cancel().catch(() => {});
      return response.ok
        ? { kind: "accepted", status: response.status, ms }
        : { kind: "rejected", status: response.status, ms };
    } catch (error) {
      const ms = elapsed();
      if (error instanceof Error && error.name === "TimeoutError") return { kind: "timeout", ms };
      const cause = (error as { cause?: { code?: unknown } }).cause;
      return { kind: "unreachable", code: typeof cause?.code === "string" ? cause.code : "FETCH_FAILED", ms };
    }
  };
  return inProviderSpan(url, headers, call, (result) =>
    result.kind === "accepted"
      ? { status: result.status }
      : result.kind === "rejected"
        ? { status: result.status, failure: String(result.status) }
        : { failure: result.kind === "timeout" ? "timeout" : result.code },
  );
}

/** Why a message is (still) in the outbox, in words an operator can read. */
export function upstreamFailureReason(result: Exclude<UpstreamResult, { kind: "accepted" }>): string {
  switch (result.kind) {
    case "rejected":
      return `upstream answered ${result.status}`;
    case "timeout":
      return "upstream timed out";
    case "unreachable":
      return `upstream unreachable (${result.code})`;
  }
}
