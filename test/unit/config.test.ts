import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { CONFIG_VARIABLES, ConfigError, loadConfig, maskSecrets } from "../../server/config.ts";

describe("loadConfig", () => {
  it("has embedded defaults for everything", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe("0.0.0.0");
    expect(config.SITE_URL).toBe("http://localhost:3000");
    expect(config.MAIN_SITE_URL).toBe("https://app.example.com");
    expect(config.CONTACT_UPSTREAM_URL).toBeUndefined();
    expect(config.CONTACT_UPSTREAM_TIMEOUT_MS).toBe(10000);
    expect(config.CONTACT_OUTBOX_FILE).toBe("./data/contact-outbox.ndjson");
    expect(config.TRUST_PROXY).toBe("loopback");
    expect(config.RATE_LIMIT_WINDOW_MS).toBe(900000);
    expect(config.RATE_LIMIT_MAX).toBe(10);
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.LOG_LEVEL).toBe("info");
    expect(config.SHUTDOWN_DRAIN_MS).toBe(5000);
    expect(config.SHUTDOWN_GRACE_MS).toBe(10000);
  });

  it("reads SHUTDOWN_DRAIN_MS, where 0 skips the drain", () => {
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: "0" }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: "1500" }).SHUTDOWN_DRAIN_MS).toBe(1500);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: "-1" })).toThrow(/SHUTDOWN_DRAIN_MS="-1"/);
  });

  it("has no drain by default in development (the dev loop restarts on the same port)", () => {
    expect(loadConfig({ NODE_ENV: "development" }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(loadConfig({ NODE_ENV: "development", SHUTDOWN_DRAIN_MS: "300" }).SHUTDOWN_DRAIN_MS).toBe(300);
    expect(loadConfig({ NODE_ENV: "production" }).SHUTDOWN_DRAIN_MS).toBe(5000);
  });

  it("reads TRUST_PROXY as a hop count, false, loopback, or addresses and subnets", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toBe("loopback");
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, loopback" }).TRUST_PROXY).toBe("10.0.0.0/8, loopback");
    expect(loadConfig({ TRUST_PROXY: "192.0.2.7, fd00::/8, ::1" }).TRUST_PROXY).toBe("192.0.2.7, fd00::/8, ::1");
  });

  it("refuses TRUST_PROXY=true with a sentence saying why", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY="true": .*any client could pick its own address/,
    );
  });

  it.each(["bogus", "10.0.0.0/33", "1.2.3.4/8/9", "loopback, 300.1.1.1"])(
    "refuses TRUST_PROXY=%s naming the bad entry",
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY=.*not a hop count/);
    },
  );

  it.each([
    ["REDIS_URL", "http://localhost", "redis:// or rediss://"],
    ["REDIS_URL", "redis+tls://default:password@host", "redis:// or rediss://"],
    ["CONTACT_UPSTREAM_URL", "ftp://x", "http:// or https://"],
    ["SITE_URL", "ws://x", "http:// or https://"],
    ["MAIN_SITE_URL", "nope", "http:// or https://"],
  ])("%s=%s: the error names the accepted schemes", (name, value, schemes) => {
    expect(() => loadConfig({ [name]: value })).toThrow(schemes);
  });

  it("never prints a credential: userinfo, password and query are masked", () => {
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error("expected a ConfigError");
    };
    const redis = message({ REDIS_URL: "redis+tls://default:password@cache.internal:6380" });
    expect(redis).toContain('REDIS_URL="redis+tls://***@cache.internal:6380"');
    expect(redis).not.toMatch(/password|default/);
    const upstream = message({ CONTACT_UPSTREAM_URL: "ftp://svc:s3cr3t@api.example.com/path?token=abc123#k" });
    expect(upstream).toContain('"ftp://***@api.example.com/path?***"');
    expect(upstream).not.toMatch(/s3cr3t|abc123|svc/);
  });

  it.each([
    ["redis://:p@ss/w@host:6379/0?x=1", "redis://***@host:6379/0?***"],
    ["https://example.com/a#frag", "https://example.com/a#***"],
    ["https://example.com/", "https://example.com/"],
    ["not a url", "not a url"],
  ])("maskSecrets(%s) = %s", (value, masked) => {
    expect(maskSecrets(value)).toBe(masked);
  });

  it.each([
    ["PORT", "http"],
    ["PORT", "70000"],
    ["SITE_URL", "not a url"],
    ["CONTACT_UPSTREAM_URL", "ftp://x"],
    ["RATE_LIMIT_MAX", "0"],
    ["LOG_LEVEL", "loud"],
    ["REDIS_URL", "http://localhost"],
  ])("rejects %s=%s naming the variable", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });
});

describe(".env.example", () => {
  it("lists every variable the server reads, each with a value loadConfig accepts", () => {
    const lines = readFileSync(".env.example", "utf8").split("\n");
    const entries = Object.fromEntries(
      lines.filter((l) => /^[A-Z_]+=/.test(l)).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
    );
    for (const name of CONFIG_VARIABLES) expect(Object.keys(entries), name).toContain(name);
    const set = Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== ""));
    expect(() => loadConfig(set)).not.toThrow();
  });
});
