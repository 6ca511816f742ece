import { isIP } from "node:net";
import proxyAddr from "proxy-addr";
import * as z from "zod";

/** The names Express's `trust proxy` knows for address ranges. */
const TRUST_PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** More proxies than this in front of one server is not a setup, it is a typo. */
const MAX_TRUST_PROXY_HOPS = 5;

const TRUSTS_EVERY_HOP =
  "would trust every X-Forwarded-For hop, so any client could pick its own address and with it its own rate limit; " +
  "give the number of proxies in front (e.g. 1), `loopback`, or the proxies' addresses or subnets";

/** An address, or an address/prefix subnet (IPv4 up to /32, IPv6 up to /128). */
function isAddressOrSubnet(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * A hop count (0 to MAX_TRUST_PROXY_HOPS), `false` (trust none), or a comma-separated list of
 * `loopback` / `linklocal` / `uniquelocal` and addresses or subnets. `true` is refused, and so is
 * a /0 subnet, which is `true` by another name (see TRUSTS_EVERY_HOP). A list is also compiled
 * the way Express will compile it, so a value that passes here cannot stop the server at start.
 */
const trustProxy = z
  .string()
  .trim()
  .min(1)
  .transform((value, ctx): false | number | string => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    const quoted = (entries: string[]) => entries.map((entry) => JSON.stringify(entry)).join(", ");
    if (/^\d+$/.test(value)) {
      if (Number(value) <= MAX_TRUST_PROXY_HOPS) return Number(value);
      return refuse(
        `a hop count is the number of proxies in front, from 0 to ${MAX_TRUST_PROXY_HOPS}: counting more hops ` +
          "than there are proxies would believe X-Forwarded-For entries the client wrote itself",
      );
    }
    if (value === "false") return false;
    if (value === "true") return refuse(`true ${TRUSTS_EVERY_HOP}`);
    // Split and trimmed as Express does before it hands the list to proxy-addr.
    const entries = value.split(",").map((entry) => entry.trim());
    const bad = entries.filter((entry) => !TRUST_PROXY_NAMES.has(entry) && !isAddressOrSubnet(entry));
    if (bad.length > 0)
      return refuse(`not a hop count, loopback/linklocal/uniquelocal, address or subnet: ${quoted(bad)}`);
    const everyone = entries.filter((entry) => /\/0+$/.test(entry));
    if (everyone.length > 0) return refuse(`${quoted(everyone)} covers every address: it ${TRUSTS_EVERY_HOP}`);
    try {
      proxyAddr.compile(entries);
    } catch (error) {
      return refuse(`not accepted by Express (proxy-addr): ${error instanceof Error ? error.message : String(error)}`);
    }
    return value;
  });

/** Unset and empty both mean "not configured". */
const blankAsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
/** A URL with one of the given schemes; the error names them. */
const urlOf = (...schemes: string[]) =>
  z.url({
    protocol: new RegExp(`^(${schemes.join("|")})$`),
    error: `must be a URL starting with ${schemes.map((scheme) => `${scheme}://`).join(" or ")}`,
  });
const optionalUrl = (...schemes: string[]) => z.preprocess(blankAsUnset, urlOf(...schemes).optional());

/**
 * The provider's API base: a plain http(s) URL. A user, password, query or fragment in it would
 * be a credential in a setting that is echoed, logged and shown in process listings (and fetch
 * refuses a URL with a user or password outright); the relay appends its path to it.
 */
const upstreamBase = z.preprocess(
  blankAsUnset,
  urlOf("http", "https")
    .refine(
      (value) => {
        const url = URL.parse(value); // null: urlOf says what is wrong
        return !url || (url.username === "" && url.password === "" && !/[?#]/.test(value));
      },
      {
        error:
          "must not carry credentials, a query or a fragment: credentials belong in a token setting, not in the URL",
      },
    )
    .optional(),
);

const positiveInt = z.coerce.number().int().positive();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  SITE_URL: urlOf("http", "https").default("http://localhost:3000"),
  MAIN_SITE_URL: urlOf("http", "https").default("https://app.example.com"),
  CONTACT_UPSTREAM_URL: upstreamBase,
  CONTACT_UPSTREAM_TIMEOUT_MS: positiveInt.max(120_000).default(10_000),
  /** Sent to the provider as `Authorization: Bearer <token>` when set. A secret: never printed. */
  CONTACT_UPSTREAM_TOKEN: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^[\x21-\x7e]+$/, { error: "must be printable ASCII without spaces: it is sent in a header" })
      .optional(),
  ),
  /** The embedded delivery queue (a SQLite database) when REDIS_URL is unset. */
  CONTACT_QUEUE_FILE: z.string().trim().min(1).default("./data/contact-queue.sqlite"),
  /**
   * What the queue may keep, queued and dead together; past either, a message gets 503 and
   * nothing kept is dropped. Sized to the container: 10,000 messages, and 64 MiB of messages in
   * SQLite or of Redis's used memory, a third of its 192 MB maxmemory (deploy/), so that a full
   * queue still has the room BullMQ needs to move and acknowledge jobs.
   */
  CONTACT_QUEUE_MAX_MESSAGES: positiveInt.max(10_000_000).default(10_000),
  CONTACT_QUEUE_MAX_BYTES: positiveInt.min(65_536).default(64 * 1024 * 1024),
  /** Cap of the retry backoff: a kept message is tried again within this once the provider is back. */
  CONTACT_RETRY_MAX_DELAY_MS: positiveInt.min(100).max(3_600_000).default(30_000),
  /** A message the provider has failed to take for this long goes to the dead letters. */
  CONTACT_MAX_AGE_HOURS: positiveInt.max(24 * 30).default(24),
  /** Dead letters (personal data) are deleted this many days after they died. */
  CONTACT_RETENTION_DAYS: positiveInt.max(3650).default(30),
  TRUST_PROXY: trustProxy.default("loopback"),
  RATE_LIMIT_WINDOW_MS: positiveInt.default(900_000),
  RATE_LIMIT_MAX: positiveInt.default(10),
  REDIS_URL: optionalUrl("redis", "rediss"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RENDER_TIMEOUT_MS: positiveInt.max(60_000).default(10_000),
  RENDER_CACHE: z.enum(["on", "off"]).default("on"),
  /** How long a shared cache (a CDN) keeps a page (s-maxage), and serves it stale while refetching. */
  HTML_CACHE_SECONDS: positiveInt.max(86_400).default(300),
  HTML_STALE_SECONDS: positiveInt.max(86_400).default(60),
  /** Lame-duck time after SIGTERM: /readyz 503, pages still served (0 skips it). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  /** Time requests in flight get once the listener is closed. */
  SHUTDOWN_GRACE_MS: positiveInt.max(120_000).default(10_000),
  CLIENT_DIR: z.string().trim().min(1).default("dist/client"),
  /** Whole-request deadline, body included: a client slower than this gets 408 and is closed. */
  REQUEST_TIMEOUT_MS: positiveInt.min(1000).max(120_000).default(10_000),
  /** Open sockets the server accepts; more are closed at once (Node's server.maxConnections). */
  MAX_CONNECTIONS: positiveInt.max(1_000_000).default(4096),
  /** Prometheus /metrics on a port of its own, never the public one; 0 turns it off. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** Optional tracing: the OTLP/HTTP collector's base URL (server/tracing.ts); unset = none loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl("http", "https"),
  /** Contact posts one client may have in flight at once. */
  MAX_IN_FLIGHT_PER_CLIENT: positiveInt.max(10_000).default(4),
});

export type Config = z.output<typeof schema>;

/** Every environment variable the server reads. */
export const CONFIG_VARIABLES = Object.keys(schema.shape) as Array<keyof Config>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = schema.safeParse(env);
  if (result.success) {
    // The dev loop restarts the server on every change, on the same port, and no balancer routes
    // to it: there, unless set, there is no drain to keep the port busy.
    if (result.data.NODE_ENV === "development" && blankAsUnset(env.SHUTDOWN_DRAIN_MS) === undefined)
      result.data.SHUTDOWN_DRAIN_MS = 0;
    return result.data;
  }
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join(".");
    const value = name.endsWith("_TOKEN") && env[name] !== undefined ? "***" : env[name];
    return `  ${name}${value === undefined ? "" : `=${JSON.stringify(maskSecrets(value))}`}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

const SCHEME = /^\s*[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** `host:6379/0?db=1#x` as `host:6379/0?***`: a query or fragment may hold a token. */
const maskQuery = (afterUserinfo: string) => afterUserinfo.replace(/([?#])[^]*/, "$1***");

/**
 * A value fit for an error message: the userinfo (user and password), the query and the
 * fragment of anything URL-shaped are replaced by `***`, so a mistyped REDIS_URL or upstream URL
 * never puts a credential on stderr or in a log.
 *
 * The value is never parsed: it is printed because it is invalid, and a password that should have
 * been percent-encoded holds any of `@ / ? # %`, so no delimiter but the last `@` can be trusted.
 * - Everything up to the last `@` is the userinfo, wherever a `/` is. An `@` in a path only costs
 *   the host its place in the message.
 * - A `?` or `#` before that `@` may start a password's second half or a query holding an `@`;
 *   what follows the `@` is then a host or the end of a secret, so nothing after `://` is shown.
 * - A value with an `@` but no `scheme://` (`user:pass@host`, `redis:/…`) is masked the same way,
 *   from its first character.
 */
export function maskSecrets(value: string): string {
  const prefix = SCHEME.exec(value)?.[0] ?? "";
  const rest = value.slice(prefix.length);
  const at = rest.lastIndexOf("@");
  if (at === -1) return prefix ? prefix + maskQuery(rest) : value;
  const cut = rest.search(/[?#]/);
  if (cut !== -1 && cut < at) return `${prefix}***`;
  return `${prefix}***@${maskQuery(rest.slice(at + 1))}`;
}
