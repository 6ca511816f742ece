import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import express from "express";
import fc from "fast-check";
import { CONFIG_VARIABLES, ConfigError, loadConfig, maskSecrets } from "../../server/config.ts";

/** The ConfigError's text for an environment loadConfig must refuse. */
const errorOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
};

describe("loadConfig", () => {
  it("has embedded defaults for everything", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe("0.0.0.0");
    expect(config.SITE_URL).toBe("http://localhost:3000");
    expect(config.MAIN_SITE_URL).toBe("https://app.example.com");
    expect(config.CONTACT_UPSTREAM_URL).toBeUndefined();
    expect(config.CONTACT_UPSTREAM_TIMEOUT_MS).toBe(10000);
    expect(config.CONTACT_QUEUE_FILE).toBe("./data/contact-queue.sqlite");
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

  it.each(["bogus", "garbage", "10.0.0.0/33", "1.2.3.4/8/9", "loopback, 300.1.1.1", "loopback,", "1, loopback"])(
    "refuses TRUST_PROXY=%s naming the bad entry",
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY=.*not a hop count/);
    },
  );

  it.each([0, 1, 2, 3, 4, 5])("reads TRUST_PROXY=%i as a hop count", (hops) => {
    expect(loadConfig({ TRUST_PROXY: String(hops) }).TRUST_PROXY).toBe(hops);
  });

  it.each(["6", "99", "4294967296"])("refuses TRUST_PROXY=%s: a hop count is 0 to 5", (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      new RegExp(`TRUST_PROXY="${value}": a hop count is the number of proxies in front, from 0 to 5`),
    );
  });

  it.each(["0.0.0.0/0", "::/0", "10.0.0.0/0", "loopback, ::/00"])(
    "refuses TRUST_PROXY=%s: a /0 subnet trusts every hop, like true",
    (value) => {
      // Express itself would not start with it: proxy-addr throws on a /0 range.
      expect(() => express().set("trust proxy", value)).toThrow(/invalid range/);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY=".*": ".*\/0+" covers every address: .*any client could pick its own address/,
      );
    },
  );

  it.each(["::1.2.3.4", "fe80::1%eth-0"])(
    "refuses TRUST_PROXY=%s, an address Node reads but Express's proxy-addr does not",
    (value) => {
      expect(() => express().set("trust proxy", value)).toThrow(/invalid IP address/);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY=".*": not accepted by Express \(proxy-addr\): invalid IP address/,
      );
    },
  );

  it("accepts a list of addresses and subnets, and the named ranges", () => {
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.0.2.7" }).TRUST_PROXY).toBe("10.0.0.0/8, 192.0.2.7");
    for (const name of ["loopback", "linklocal", "uniquelocal"])
      expect(loadConfig({ TRUST_PROXY: name }).TRUST_PROXY).toBe(name);
  });

  it("whatever TRUST_PROXY it accepts, Express starts with", () => {
    const entry = fc.oneof(
      fc.ipV4(),
      fc.ipV6(),
      fc.ipV4Extended(),
      fc.constantFrom("loopback", "linklocal", "uniquelocal", "fe80::1%eth0", "", "true"),
      fc.tuple(fc.oneof(fc.ipV4(), fc.ipV6()), fc.nat(140)).map(([address, prefix]) => `${address}/${prefix}`),
      fc.string({ maxLength: 12 }),
    );
    const value = fc.oneof(
      fc.nat(12).map(String),
      fc.constantFrom("false", "true"),
      fc
        .tuple(fc.array(entry, { minLength: 1, maxLength: 4 }), fc.constantFrom(",", ", ", " , "))
        .map(([entries, separator]) => entries.join(separator)),
    );
    let accepted = 0;
    fc.assert(
      fc.property(value, (trustProxy) => {
        let config;
        try {
          config = loadConfig({ TRUST_PROXY: trustProxy });
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError);
          expect((error as Error).message).toMatch(/^ {2}TRUST_PROXY=/m);
          return;
        }
        accepted++;
        expect(config.TRUST_PROXY).not.toBe(true);
        expect(() => express().set("trust proxy", config.TRUST_PROXY)).not.toThrow();
      }),
      { numRuns: 500 },
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it.each(["https://user:pw@api.example.com", "https://:pw@api.example.com/", "https://user@api.example.com"])(
    "refuses CONTACT_UPSTREAM_URL=%s: credentials go in a token setting, and are not printed",
    (value) => {
      const message = errorOf({ CONTACT_UPSTREAM_URL: value });
      expect(message).toContain('CONTACT_UPSTREAM_URL="https://***@api.example.com');
      expect(message).toMatch(/credentials belong in a token setting, not in the URL/);
      expect(message).not.toMatch(/user|pw/);
    },
  );

  it.each(["https://api.example.com/?token=x", "https://api.example.com/base?", "https://api.example.com/#x"])(
    "refuses CONTACT_UPSTREAM_URL=%s: no query or fragment, and neither is printed",
    (value) => {
      const message = errorOf({ CONTACT_UPSTREAM_URL: value });
      expect(message).toMatch(
        /CONTACT_UPSTREAM_URL="https:\/\/api\.example\.com\/(base)?[?#](\*\*\*)?": must not carry/,
      );
      expect(message).toMatch(/credentials belong in a token setting, not in the URL/);
      expect(message).not.toMatch(/token=|x"/);
    },
  );

  it("accepts a plain upstream base, with or without a path", () => {
    expect(loadConfig({ CONTACT_UPSTREAM_URL: "https://api.example.com" }).CONTACT_UPSTREAM_URL).toBe(
      "https://api.example.com",
    );
    expect(loadConfig({ CONTACT_UPSTREAM_URL: "http://10.0.0.5:8080/v1/" }).CONTACT_UPSTREAM_URL).toBe(
      "http://10.0.0.5:8080/v1/",
    );
    expect(loadConfig({ CONTACT_UPSTREAM_URL: "" }).CONTACT_UPSTREAM_URL).toBeUndefined();
  });

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
    const message = errorOf;
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
    // A query holding an @: the text after it may be a secret's end.
    ["redis://cache:6379/0?password=p@ss-tail", "redis://***"],
    ["https://api.example.com/contact#token=ab@cd", "https://***"],
    // No scheme://, or a mistyped one: still userinfo up to the last @.
    ["default:s3cret@cache:6379", "***@cache:6379"],
    ["redis:/default:s3cret@cache:6379", "***@cache:6379"],
    ["  redis://u:p@host", "  redis://***@host"],
    // An @ in a path hides the host too, and leaks nothing.
    ["https://example.com/users/@me?k=v", "https://***@me?***"],
    ["https://user:pw@example.com", "https://***@example.com"],
  ])("maskSecrets(%s) = %s, whatever the delimiters", (value, masked) => {
    expect(maskSecrets(value)).toBe(masked);
  });

  it.each([
    ["a ?", "Kq7?Zt9"],
    ["a #", "Kq7#Zt9"],
    ["an @", "Kq7@Zt9"],
    ["a /", "Kq7/Zt9"],
    ["a %", "Kq7%40Zt9%zz"],
    ["all of them", "?Kq7#Zt9@Wm4/Vr2%Ly6"],
  ])("never prints a REDIS_URL password holding %s, in whole or in part (issue 34)", (_label, password) => {
    const value = `redis://default:${password}@cache.internal:6379/0`;
    const masked = maskSecrets(value);
    // A password holding ? or # cannot be told from a query holding @: nothing after :// shows.
    expect(masked).toBe(/[?#]/.test(password) ? "redis://***" : "redis://***@cache.internal:6379/0");
    const pieces = password.split(/[?#@/%]/).filter((piece) => piece.length >= 3);
    for (const piece of [password, ...pieces]) expect(masked).not.toContain(piece);
    // And through loadConfig, whenever the value is refused.
    let message = "";
    try {
      loadConfig({ REDIS_URL: value });
    } catch (error) {
      message = (error as Error).message;
    }
    if (message) {
      expect(message).toContain(`REDIS_URL=${JSON.stringify(masked)}`);
      for (const piece of pieces) expect(message).not.toContain(piece);
    }
  });

  it("refuses the issue's REDIS_URLs with ? and # in the password, printing none of it", () => {
    for (const value of [
      "redis://default:s3cr?t-pw@cache.internal:6379",
      "rediss://:s3cr#t-pw@cache.internal:6380/1",
    ]) {
      const message = errorOf({ REDIS_URL: value });
      expect(message).toMatch(/REDIS_URL="rediss?:\/\/\*\*\*"/);
      expect(message).not.toMatch(/s3cr|t-pw|default/);
    }
  });

  it("masks any password, whatever its characters (property)", () => {
    const password = fc.string({ unit: "binary", minLength: 1, maxLength: 24 });
    const scheme = fc.constantFrom("redis://", "rediss://", "https://", "");
    const user = fc.constantFrom("", "default", "svc");
    const tail = fc.constantFrom("cache.internal:6379", "cache.internal:6379/0", "h/0?db=1", "[::1]:6379#x");
    fc.assert(
      fc.property(scheme, user, password, tail, (prefix, name, secret, after) => {
        const masked = maskSecrets(`${prefix}${name}:${secret}@${after}`);
        // What is shown is the prefix and masks, then at most the text after the userinfo.
        expect([`${prefix}***`, `${prefix}***@${after.replace(/[?#].*$/, (m) => `${m[0]}***`)}`]).toContain(masked);
        if (/[?#]/.test(secret)) expect(masked).toBe(`${prefix}***`);
      }),
    );
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
