import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { DeliverySettings } from "./delivery.ts";
import { fileQueueFor } from "./fileQueue.ts";
import type { ContactQueue } from "./queue.ts";
import { RedisQueue } from "./redisQueue.ts";
import type { Upstream } from "./upstream.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first retry waits about this long; each next one twice as long, up to the cap. */
const RETRY_BASE_MS = 1_000;

const retryBounds = (config: Config) => ({
  retryBaseMs: Math.min(RETRY_BASE_MS, config.CONTACT_RETRY_MAX_DELAY_MS),
  retryMaxDelayMs: config.CONTACT_RETRY_MAX_DELAY_MS,
});

/** The provider as CONTACT_UPSTREAM_* set it; none without a URL. */
export function contactUpstream(config: Config): Upstream | undefined {
  if (!config.CONTACT_UPSTREAM_URL) return undefined;
  return {
    url: config.CONTACT_UPSTREAM_URL,
    timeoutMs: config.CONTACT_UPSTREAM_TIMEOUT_MS,
    token: config.CONTACT_UPSTREAM_TOKEN,
  };
}

/** The worker's settings, or none without an upstream (messages then wait until one is set). */
export function deliverySettings(config: Config): DeliverySettings | undefined {
  if (!config.CONTACT_UPSTREAM_URL) return undefined;
  return {
    upstream: contactUpstream(config)!,
    maxAgeMs: config.CONTACT_MAX_AGE_HOURS * 60 * 60 * 1000,
    ...retryBounds(config),
  };
}

/** BullMQ on REDIS_URL for a fleet, else the file queue in CONTACT_OUTBOX_FILE for one process. */
export function openContactQueue(
  config: Config,
  logger: Logger,
  onOutcome?: (outcome: "delivered" | "retry" | "dead_lettered") => void,
): ContactQueue {
  const retentionMs = config.CONTACT_RETENTION_DAYS * DAY_MS;
  if (config.REDIS_URL)
    return new RedisQueue({
      url: config.REDIS_URL,
      logger,
      retentionMs,
      onOutcome,
      retry: retryBounds(config),
    });
  return fileQueueFor(config.CONTACT_OUTBOX_FILE, { logger, retentionMs, onOutcome });
}
