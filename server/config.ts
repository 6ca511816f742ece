import { isIP } from "node:net";
import * as z from "zod";

/** The names Express's `trust proxy` knows for address ranges. */
const TRUST_PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

const TRUST_PROXY_TRUE =
  "true would trust every X-Forwarded-For hop, so any client could pick its own address and with it its own rate limit; " +
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
 * A hop count, `false` (trust none), or a comma-separated list of `loopback` / `linklocal` /
 * `uniquelocal` and addresses or subnets. `true` is refused: see TRUST_PROXY_TRUE.
 */
const trustProxy = z
  .string()
  .trim()
  .min(1)
  .superRefine((value, ctx) => {
    if (/^\d+$/.test(value) || value === "false") return;
    if (value === "true") return void ctx.addIssue({ code: "custom", message: TRUST_PROXY_TRUE });
    const bad = value
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => !TRUST_PROXY_NAMES.has(entry) && !isAddressOrSubnet(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `not a hop count, loopback/linklocal/uniquelocal, address or subnet: ${bad.map((b) => JSON.stringify(b)).join(", ")}`,
      });
    }
  })
  .transform((value): false | number | string => {
    if (/^\d+$/.test(value)) return Number(value);
    if (value === "false") return false;
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

const positiveInt = z.coerce.number().int().positive();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  SITE_URL: urlOf("http", "https").default("http://localhost:3000"),
  MAIN_SITE_URL: urlOf("http", "https").default("https://app.example.com"),
  CONTACT_UPSTREAM_URL: optionalUrl("http", "https"),
  CONTACT_UPSTREAM_TIMEOUT_MS: positiveInt.max(120_000).default(10_000),
  /** The embedded delivery queue (a journal file) when REDIS_URL is unset. */
  CONTACT_OUTBOX_FILE: z.string().trim().min(1).default("./data/contact-outbox.ndjson"),
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
  /** Lame-duck time after SIGTERM: /readyz 503, pages still served (0 skips it). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  /** Time requests in flight get once the listener is closed. */
  SHUTDOWN_GRACE_MS: positiveInt.max(120_000).default(10_000),
  CLIENT_DIR: z.string().trim().min(1).default("dist/client"),
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
    const value = env[name];
    return `  ${name}${value === undefined ? "" : `=${JSON.stringify(maskSecrets(value))}`}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

/**
 * A value fit for an error message: in anything shaped like `scheme://…`, the userinfo (user and
 * password), the query and the fragment are replaced by `***`, so a mistyped REDIS_URL or upstream
 * URL never puts a credential on stderr or in a log.
 */
export function maskSecrets(value: string): string {
  const scheme = /^\s*[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(value);
  if (!scheme) return value;
  let rest = value.slice(scheme[0].length);
  let tail = "";
  const query = rest.search(/[?#]/);
  if (query !== -1) {
    tail = `${rest[query]}***`;
    rest = rest.slice(0, query);
  }
  // The last @ ends the userinfo: a password may itself hold @ (or /, which URLs do not allow).
  const at = rest.lastIndexOf("@");
  if (at !== -1) rest = `***@${rest.slice(at + 1)}`;
  return `${scheme[0]}${rest}${tail}`;
}
