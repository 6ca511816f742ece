import type { Logger } from "pino";
import type { IncrementResponse, Options as LimiterOptions, Store } from "express-rate-limit";
import { RedisStore } from "rate-limit-redis";
import { createClient } from "redis";

/** A Redis command that takes longer than this counts as a store error: the request goes through. */
const COMMAND_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 2000;
/** Reconnect delays grow 100, 200, 400 ... ms up to this, and go on for as long as Redis is away. */
const MAX_RECONNECT_DELAY_MS = 2000;

export interface RateLimitRedis {
  store: Store;
  /** True while the kept connection is up (for logs and tests). */
  isReady(): boolean;
  /** Closes the connection at shutdown; pending commands fail and are let through. */
  destroy(): void;
}

/**
 * The contact limiter's shared count, so that every replica behind the balancer counts the same
 * visitor once. One client is kept for the life of the process. It never blocks start-up and
 * never queues: while Redis is away each command fails at once (no offline queue, a deadline
 * on each command), the limiter lets the request through (passOnStoreError) and the client
 * reconnects in the background.
 */
export function connectRateLimitRedis(url: string, logger: Logger, prefix = "rl:contact:"): RateLimitRedis {
  const log = logger.child({ component: "rate-limit-redis" });
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
    },
  });

  // node-redis emits an error on every failed reconnect attempt; one log line per outage is enough.
  let down = false;
  client.on("error", (err: unknown) => {
    if (down) return;
    down = true;
    log.error({ err }, "Redis unreachable: contact rate limit not enforced until it is back");
  });
  client.on("ready", () => {
    log.info(
      down ? "Redis reachable again: contact rate limit shared again" : "Redis connected: contact rate limit shared",
    );
    down = false;
  });
  client.connect().catch((err: unknown) => log.error({ err }, "Redis connection given up"));

  const storeFor = (storePrefix: string): ReloadingRedisStore => {
    const inner = new RedisStore({
      prefix: storePrefix,
      sendCommand: (...args: string[]) => client.sendCommand(args, { timeout: COMMAND_TIMEOUT_MS }),
    });
    const made = new ReloadingRedisStore(inner, storeFor);
    // The scripts are (re)loaded on every connect: a fresh or restarted Redis has none of them.
    client.on("ready", () => made.loadScripts());
    return made;
  };
  const store = storeFor(prefix);

  return {
    store,
    isReady: () => client.isReady,
    destroy: () => client.destroy(),
  };
}

/**
 * rate-limit-redis loads its Lua scripts once, in init(), which runs while the client is still
 * connecting. If that load fails (client not ready yet, Redis down) the stored promise stays
 * rejected and every later count fails, even once Redis is up: the limit would never apply.
 * This wrapper loads the scripts again on each connect and after a failed count.
 */
export class ReloadingRedisStore implements Store {
  readonly prefix: string;
  constructor(
    private readonly inner: RedisStore,
    private readonly storeFor?: (prefix: string) => ReloadingRedisStore,
  ) {
    this.prefix = inner.prefix;
  }

  /**
   * Another limit's count on the same connection (a limiter needs a store of its own): the
   * vitals limit shares Redis with the contact limit without a second client.
   */
  sibling(prefix: string): ReloadingRedisStore | undefined {
    return this.storeFor?.(prefix);
  }

  init(options: LimiterOptions): void {
    this.inner.windowMs = options.windowMs;
    this.loadScripts();
  }

  async increment(key: string): Promise<IncrementResponse> {
    try {
      return await this.inner.increment(key);
    } catch (error) {
      this.loadScripts();
      throw error;
    }
  }

  decrement(key: string): Promise<void> {
    return this.inner.decrement(key);
  }

  resetKey(key: string): Promise<void> {
    return this.inner.resetKey(key);
  }

  get(key: string) {
    return this.inner.get(key);
  }

  loadScripts(): void {
    const increment = this.inner.loadIncrementScript();
    const get = this.inner.loadGetScript();
    // Awaited by the next count; a failure here must not be an unhandled rejection.
    increment.catch(() => {});
    get.catch(() => {});
    this.inner.incrementScriptSha = increment;
    this.inner.getScriptSha = get;
  }
}
