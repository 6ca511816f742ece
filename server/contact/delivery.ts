import type { ContactMessage } from "../../shared/contact.ts";
import { contactEndpoint } from "../../shared/contactMessages.ts";
import type { Config } from "../config.ts";
import { inProviderSpan } from "../tracing.ts";

/** A contact message the provider has not taken yet, as either queue keeps it. */
export interface ContactJob {
  /** Derived from the visitor's Idempotency-Key (server/contact/queue.ts), and the key of every attempt upstream. */
  id: string;
  receivedAt: number;
  /** When the provider first failed to take it: the maximum age counts from here. */
  firstFailedAt?: number | undefined;
  requestId?: string | undefined;
  /** A message the provider refused for good: a dead letter at once. */
  deadReason?: string | undefined;
  contact: ContactMessage;
}

export const senderDomain = (job: ContactJob): string => job.contact.email.split("@").pop()!.toLowerCase();
export const jobBytes = (job: ContactJob): number => Buffer.byteLength(JSON.stringify(job));

/** Where and how the provider is called (CONTACT_UPSTREAM_*). */
export interface Upstream {
  url: string;
  timeoutMs: number;
  /** Sent as `Authorization: Bearer <token>`; never logged. */
  token?: string | undefined;
}

export interface DeliverySettings {
  upstream: Upstream;
  /** After failing this long, a message goes to the dead letters. */
  maxAgeMs: number;
  /** Retry delays double from this up to the max, so a message is tried within it once the provider is back. */
  retryBaseMs: number;
  retryMaxDelayMs: number;
}

/**
 * The worker's settings: the provider as CONTACT_UPSTREAM_* set it, its retries and the maximum
 * age; none without a URL (messages then wait until one is set).
 */
export function deliverySettings(config: Config): DeliverySettings | undefined {
  if (!config.CONTACT_UPSTREAM_URL) return undefined;
  const retryMaxDelayMs = config.CONTACT_RETRY_MAX_DELAY_MS;
  const { CONTACT_UPSTREAM_URL: url, CONTACT_UPSTREAM_TIMEOUT_MS: timeoutMs, CONTACT_UPSTREAM_TOKEN: token } = config;
  return {
    upstream: { url, timeoutMs, token },
    maxAgeMs: config.CONTACT_MAX_AGE_HOURS * 3_600_000,
    // The first retry waits about a second; each next one twice as long, up to the cap.
    retryBaseMs: Math.min(1_000, retryMaxDelayMs),
    retryMaxDelayMs,
  };
}

export type UpstreamResult =
  | { kind: "accepted" | "rejected"; status: number; ms: number }
  | { kind: "timeout"; ms: number }
  | { kind: "unreachable"; code: string; ms: number };

/**
 * POSTs the message, every field of the shared schema and nothing else (zod drops unknown
 * keys), to the provider. No client header or cookie is passed on; only the status counts, so
 * the body is discarded unread; a redirect is not followed (it would turn the POST into a GET).
 * `idempotencyKey` is the same on every attempt at one message. A client span with our own
 * `traceparent` when tracing is on (server/tracing.ts).
 */
export function postToUpstream(upstream: Upstream, message: ContactMessage, idempotencyKey: string) {
  const url = upstream.url.replace(/\/+$/, "") + contactEndpoint;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json",
    "idempotency-key": idempotencyKey,
    ...(upstream.token ? { authorization: `Bearer ${upstream.token}` } : {}),
  };
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const call = async (): Promise<UpstreamResult> => {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers,
        body: JSON.stringify(message),
        redirect: "manual",
        signal: AbortSignal.timeout(upstream.timeoutMs),
      });
      await response.body?.cancel().catch(() => {});
      return { kind: response.ok ? "accepted" : "rejected", status: response.status, ms: ms() };
    } catch (error) {
      if (error instanceof Error && error.name === "TimeoutError") return { kind: "timeout", ms: ms() };
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      return { kind: "unreachable", code: typeof code === "string" ? code : "FETCH_FAILED", ms: ms() };
    }
  };
  return inProviderSpan(url, headers, call, (result) =>
    "status" in result
      ? { status: result.status, ...(result.kind === "rejected" ? { failure: String(result.status) } : {}) }
      : { failure: result.kind === "timeout" ? "timeout" : result.code },
  );
}

/**
 * A refusal the provider will repeat however often the message is sent: a 4xx other than 408
 * and 429, which say "later". (A 3xx is a configuration fault an operator can fix: retried.)
 */
export const isPermanentRefusal = (result: UpstreamResult): boolean =>
  result.kind === "rejected" && result.status >= 400 && result.status < 500 && ![408, 429].includes(result.status);

/** Why a message is still kept, in words an operator can read. */
export const failureReason = (result: UpstreamResult): string =>
  result.kind === "timeout"
    ? "upstream timed out"
    : result.kind === "unreachable"
      ? `upstream unreachable (${result.code})`
      : `upstream answered ${result.status}`;

export type Attempt = { outcome: "delivered"; status: number } | { outcome: "retry" | "dead"; reason: string };

/**
 * One attempt at handing a kept message to the provider: delivered (2xx), retried (5xx, 408,
 * 429, 3xx, time-out, network) or dead: refused for good, or failing past the maximum age.
 */
export async function attemptDelivery(settings: DeliverySettings, job: ContactJob, now = Date.now()): Promise<Attempt> {
  if (job.deadReason) return { outcome: "dead", reason: job.deadReason };
  const result = await postToUpstream(settings.upstream, job.contact, job.id);
  if (result.kind === "accepted") return { outcome: "delivered", status: result.status };
  const reason = failureReason(result);
  if (isPermanentRefusal(result)) return { outcome: "dead", reason };
  if (now - (job.firstFailedAt ?? now) >= settings.maxAgeMs)
    return { outcome: "dead", reason: `${reason}; gave up after ${Math.round(settings.maxAgeMs / 3_600_000)} h` };
  return { outcome: "retry", reason };
}

/**
 * The wait before attempt `attemptsMade + 1`: doubling from `retryBaseMs` up to
 * `retryMaxDelayMs`, half fixed and half random, so the messages of one outage do not all
 * reach the provider in the same second when it comes back.
 */
export function retryDelayMs(
  attemptsMade: number,
  settings: Pick<DeliverySettings, "retryBaseMs" | "retryMaxDelayMs">,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(
    settings.retryMaxDelayMs,
    settings.retryBaseMs * 2 ** Math.min(Math.max(attemptsMade - 1, 0), 30),
  );
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
