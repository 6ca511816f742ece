import { describe, expect, it } from "vitest";
import { chooseEncoding, etagMatches, pageEtag } from "../../server/httpCaching.ts";
import { securityHeaderSet } from "../../server/security.ts";

describe("chooseEncoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["identity", "identity"],
    ["gzip", "gzip"],
    ["br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["*", "br"],
    ["deflate", "identity"],
    ["GZIP", "gzip"],
  ])("Accept-Encoding %j -> %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("etagMatches", () => {
  const etag = 'W/"abc"';
  it("compares weakly, in lists, and ignores what does not match", () => {
    expect(etagMatches('W/"abc"', etag)).toBe(true);
    expect(etagMatches('"abc"', etag)).toBe(true);
    expect(etagMatches('"x", W/"abc"', etag)).toBe(true);
    expect(etagMatches('"abcd"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
    expect(etagMatches("", etag)).toBe(false);
    expect(etagMatches("*", etag)).toBe(false);
  });
});

describe("pageEtag", () => {
  it("is stable for the same build, config and URL and changes with any of them", () => {
    const base = pageEtag("build1", "cfg", "/Category");
    expect(base).toMatch(/^W\/"[\w-]{27}"$/);
    expect(pageEtag("build1", "cfg", "/Category")).toBe(base);
    expect(pageEtag("build2", "cfg", "/Category")).not.toBe(base);
    expect(pageEtag("build1", "cfg2", "/Category")).not.toBe(base);
    expect(pageEtag("build1", "cfg", "/Category?x=1")).not.toBe(base);
  });
});

describe("securityHeaderSet", () => {
  it("records helmet's headers and the permissions policy, without X-Powered-By", () => {
    const names = securityHeaderSet().map(([name]) => name.toLowerCase());
    for (const name of [
      "content-security-policy",
      "strict-transport-security",
      "x-content-type-options",
      "referrer-policy",
      "permissions-policy",
      "x-frame-options",
    ]) {
      expect(names).toContain(name);
    }
    expect(names).not.toContain("x-powered-by");
    expect(new Set(names).size).toBe(names.length);
  });
});
