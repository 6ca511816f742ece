import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config.ts";

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
  });

  it("reads TRUST_PROXY as a hop count, a boolean or a list", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, loopback" }).TRUST_PROXY).toBe("10.0.0.0/8, loopback");
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
