import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { RedisLink } from "../redis.ts";
import type { ContactQueue, StoreOptions } from "./queue.ts";
import { RedisQueue } from "./redisQueue.ts";
import { SqliteQueue } from "./sqliteQueue.ts";

type OnOutcome = StoreOptions["onOutcome"];

/** What both stores are made with: the bounds, the retention of dead letters, the outcome counter. */
const keeping = (config: Config, logger: Logger, onOutcome?: OnOutcome): StoreOptions => ({
  logger,
  bounds: { maxMessages: config.CONTACT_QUEUE_MAX_MESSAGES, maxBytes: config.CONTACT_QUEUE_MAX_BYTES },
  retentionMs: config.CONTACT_RETENTION_DAYS * 86_400_000,
  onOutcome,
});

/** The embedded store in CONTACT_QUEUE_FILE. */
export const sqliteQueue = (config: Config, logger: Logger, onOutcome?: OnOutcome) =>
  new SqliteQueue(config.CONTACT_QUEUE_FILE, keeping(config, logger, onOutcome));

/** BullMQ on REDIS_URL's connection for a fleet, else SQLite for one process. */
export function openContactQueue(
  config: Config,
  logger: Logger,
  redis: RedisLink | undefined,
  onOutcome?: OnOutcome,
): ContactQueue {
  if (!config.REDIS_URL || !redis) return sqliteQueue(config, logger, onOutcome);
  return new RedisQueue({ ...keeping(config, logger, onOutcome), link: redis, url: config.REDIS_URL });
}
