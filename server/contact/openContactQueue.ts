import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { RedisLink } from "../redis.ts";
import type { DeliverySettings, WorkerOutcome } from "./delivery.ts";
import type { ContactQueue } from "./queue.ts";
import { RedisQueue } from "./redisQueue.ts";
import { SqliteQueue } from "./sqliteQueue.ts";

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

/** What both stores are made with: the bounds, the retention of dead letters, the outcome counter. */
const keeping = (config: Config, logger: Logger, onOutcome?: (outcome: WorkerOutcome) => void) => ({
  logger,
  bounds: { maxMessages: config.CONTACT_QUEUE_MAX_MESSAGES, maxBytes: config.CONTACT_QUEUE_MAX_BYTES },
  retentionMs: config.CONTACT_RETENTION_DAYS * 86_400_000,
  onOutcome,
});

/** The embedded store in CONTACT_QUEUE_FILE. */
export const sqliteQueue = (config: Config, logger: Logger, onOutcome?: (outcome: WorkerOutcome) => void) =>
  new SqliteQueue(config.CONTACT_QUEUE_FILE, keeping(config, logger, onOutcome));

/** BullMQ on REDIS_URL's connection for a fleet, else SQLite for one process. */
export function openContactQueue(
  config: Config,
  logger: Logger,
  redis: RedisLink | undefined,
  onOutcome?: (outcome: WorkerOutcome) => void,
): ContactQueue {
  if (!config.REDIS_URL || !redis) return sqliteQueue(config, logger, onOutcome);
  return new RedisQueue({ ...keeping(config, logger, onOutcome), link: redis, url: config.REDIS_URL });
}
