import * as z from "zod";

/** `loopback`, a hop count, true/false, or a comma-separated list of addresses/subnets. */
const trustProxy = z
  .string()
  .trim()
  .min(1)
  .transform((value): boolean | number | string => {
    if (/^\d+$/.test(value)) return Number(value);
    if (value === "true") return true;
    if (value === "false") return false;
    return value;
  });

/** Unset and empty both mean "not configured". */
const blankAsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optionalUrl = (protocol: RegExp) => z.preprocess(blankAsUnset, z.url({ protocol }).optional());

const positiveInt = z.coerce.number().int().positive();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  SITE_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
  MAIN_SITE_URL: z.url({ protocol: /^https?$/ }).default("https://app.example.com"),
  CONTACT_UPSTREAM_URL: optionalUrl(/^https?$/),
  CONTACT_UPSTREAM_TIMEOUT_MS: positiveInt.max(120_000).default(10_000),
  CONTACT_OUTBOX_FILE: z.string().trim().min(1).default("./data/contact-outbox.ndjson"),
  TRUST_PROXY: trustProxy.default("loopback"),
  RATE_LIMIT_WINDOW_MS: positiveInt.default(900_000),
  RATE_LIMIT_MAX: positiveInt.default(10),
  REDIS_URL: optionalUrl(/^rediss?$/),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RENDER_TIMEOUT_MS: positiveInt.max(60_000).default(10_000),
  RENDER_CACHE: z.enum(["on", "off"]).default("on"),
  SHUTDOWN_GRACE_MS: positiveInt.max(120_000).default(10_000),
  CLIENT_DIR: z.string().trim().min(1).default("dist/client"),
});

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join(".");
    const value = env[name];
    return `  ${name}${value === undefined ? "" : `=${JSON.stringify(value)}`}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}
