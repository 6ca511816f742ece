import { Redis } from "ioredis";
import type { Logger } from "pino";
import type { IncrementResponse, Options as LimiterOptions, Store } from "express-rate-limit";
import { RedisStore, type RedisReply } from "rate-limit-redis";

/** A command of the request path (a count, a claim, an add) that takes longer fails: the sender hears 503. */
export const COMMAND_TIMEOUT_MS = 2_000;
/** Reconnect delays grow 100, 200, 400 ... ms up to 2 s, for as long as Redis is away. */
export const reconnect = (times: number) => Math.min(100 * 2 ** times, 2_000);

/** One line per outage, not one per failed reconnect, and one when Redis is there (again). */
export function logOutages(client: Redis, log: Logger, message: string): void {
  let down = false;
  client.on("error", (err: unknown) => {
    if (down) return;
    down = true;
    log.error({ err }, message);
  });
  client.on("ready", () => {
    log.info(down ? "Redis reachable again" : "Redis connected");
    down = false;
  });
}

/**
 * Never blocks start-up and never queues: while Redis is away each command fails at once (no
 * offline queue, a deadline per command). The rate limiters then let requests through
 * (docs/decisions/005), and a message the provider does not take at once gets 503.
 */
export function connectRedis(url: string, logger: Logger) {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: reconnect,
  });
  logOutages(
    client,
    logger.child({ component: "redis" }),
    "Redis unreachable: contact rate limit not enforced and unsent messages answered 503 until it is back",
  );
  return {
    client,
    /**
     * A rate-limit count under its own key prefix (a limiter needs a store of its own). `onError`
     * hears each count that failed (the limiter then lets the request through: docs/decisions/005),
     * so an operator sees the limit not enforced, not only a log line.
     */
    rateLimitStore(prefix: string, onError?: () => void): Store {
      const sendCommand = (command: string, ...args: string[]) => client.call(command, ...args) as Promise<RedisReply>;
      return new ReloadingRedisStore({ prefix, sendCommand }, onError);
    },
    close: () => client.disconnect(),
  };
}

/** REDIS_URL's one connection for the request path: the queue's adds and both rate limits. */
export type RedisLink = ReturnType<typeof connectRedis>;

/**
 * rate-limit-redis loads its Lua scripts once, in init(), which runs while the client is still
 * connecting. If that load fails (not connected yet, Redis down) the stored promise stays
 * rejected and every later count fails, even once Redis is up: the limit would never apply.
 * This wrapper loads them again after a failed count. (A restarted Redis that lost them
 * answers NOSCRIPT, which rate-limit-redis handles itself by loading them again.)
 */
class ReloadingRedisStore extends RedisStore {
  constructor(
    options: ConstructorParameters<typeof RedisStore>[0],
    private readonly onError?: () => void,
  ) {
    super(options);
  }

  override init(options: LimiterOptions): Promise<void> {
    this.windowMs = options.windowMs;
    this.loadScripts();
    return Promise.resolve();
  }

  override async increment(key: string): Promise<IncrementResponse> {
    try {
      return await super.increment(key);
    } catch {
      // Scripts loaded while Redis was away (or by a connection since replaced) are missing:
      // load them and count once more. While Redis is away this fails at once, as the first did.
      this.loadScripts();
      try {
        return await super.increment(key);
      } catch (error) {
        this.onError?.();
        throw error;
      }
    }
  }

  loadScripts(): void {
    // Awaited by the next count; a failure here must not be an unhandled rejection.
    (this.incrementScriptSha = this.loadIncrementScript()).catch(() => {});
    (this.getScriptSha = this.loadGetScript()).catch(() => {});
  }
}
