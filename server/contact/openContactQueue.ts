import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { RedisLink } from "../redis.ts";
import type { ContactQueue, StoreOptions } from "./queue.ts";
import { RedisQueue } from "./redisQueue.ts";
import { SqliteQueue } from "./sqliteQueue.ts";

/**
 * BullMQ on REDIS_URL's connection for a fleet, else SQLite in CONTACT_QUEUE_FILE for one process
 * (also main.ts's local leftovers, opened without `redis`). Both keep to the same bounds, keep dead
 * letters as long and tell the outcome counter.
 */
export function openContactQueue(
  config: Config,
  logger: Logger,
  redis?: RedisLink,
  onOutcome?: StoreOptions["onOutcome"],
): ContactQueue {
  const options: StoreOptions = {
    logger,
    bounds: { maxMessages: config.CONTACT_QUEUE_MAX_MESSAGES, maxBytes: config.CONTACT_QUEUE_MAX_BYTES },
    retentionMs: config.CONTACT_RETENTION_DAYS * 86_400_000,
    onOutcome,
  };
  if (!config.REDIS_URL || !redis) return new SqliteQueue(config.CONTACT_QUEUE_FILE, options);
  return new RedisQueue({ ...options, link: redis, url: config.REDIS_URL });
}
