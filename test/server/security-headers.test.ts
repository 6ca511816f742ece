import { describe, expect, it } from "vitest";
import request from "supertest";
import { readFileSync } from "node:fs";
import { createHandler } from "../../server/handler.ts";
import type { BuildManifest } from "../../server/assets.ts";
import { securityTxt } from "../../server/metaRoutes.ts";
import { securityHeaderSet } from "../../server/security.ts";
import { SCHEME_SCRIPT_SOURCE } from "../../server/security.ts";
import { testConfig } from "../../scripts/harness/config.ts";

const SITE_URL = "https://agents.example.com";
const app = createHandler(testConfig({ SITE_URL }));
const manifest = JSON.parse(readFileSync("dist/client/manifest.json", "utf8")) as BuildManifest;

const directives = (csp: string) =>
  new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );

/** What the Mozilla HTTP Observatory scores for an A+, checked on any kind of answer. */
function expectObservatoryProfile(headers: Record<string, string | string[] | undefined>, what: string) {
  const csp = directives(String(headers["content-security-policy"] ?? ""));
  expect(csp.get("default-src"), what).toEqual(["'none'"]);
  // Our origin, plus the one inline script (the colour scheme's) by its exact hash.
  expect(csp.get("script-src"), what).toEqual(["'self'", SCHEME_SCRIPT_SOURCE]);
  expect(SCHEME_SCRIPT_SOURCE, what).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  // Our origin, plus the one inlined stylesheet by its exact hash (never 'unsafe-inline').
  const styleSrc = csp.get("style-src") ?? [];
  expect(styleSrc[0], what).toBe("'self'");
  for (const source of styleSrc.slice(1)) expect(source, what).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  expect(csp.get("object-src"), what).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(csp.get("base-uri"), what).toEqual(["'self'"]);
  expect(csp.get("form-action"), what).toEqual(["'self'"]);
  for (const values of csp.values()) {
    expect(values, what).not.toContain("'unsafe-inline'");
    expect(values, what).not.toContain("'unsafe-eval'");
    expect(values, what).not.toContain("*");
  }
  const hsts = String(headers["strict-transport-security"]);
  expect(Number(hsts.match(/max-age=(\d+)/)?.[1]), what).toBeGreaterThanOrEqual(15552000); // six months
  expect(hsts, what).toContain("includeSubDomains");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(["strict-origin-when-cross-origin", "strict-origin", "same-origin", "no-referrer"], what).toContain(
    headers["referrer-policy"],
  );
  expect(headers["cross-origin-opener-policy"], what).toBe("same-origin");
  expect(headers["cross-origin-resource-policy"], what).toBe("same-origin");
  const permissions = String(headers["permissions-policy"]);
  for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "browsing-topics"]) {
    expect(permissions, what).toContain(`${feature}=()`);
  }
  // Nothing names the software that answers.
  expect(headers["x-powered-by"], what).toBeUndefined();
  expect(headers["server"], what).toBeUndefined();
}

describe("security headers on every kind of answer", () => {
  it("a page", async () => {
    const res = await request(app).get("/");
    expect(res.status).toBe(200);
    expectObservatoryProfile(res.headers, "page");
  });

  it("a hashed asset", async () => {
    const res = await request(app).get(manifest.entry);
    expect(res.status).toBe(200);
    expectObservatoryProfile(res.headers, "asset");
    // Only pages carry inline style, and each page allows only its own (test/server/pages.test.ts).
    expect(directives(String(res.headers["content-security-policy"])).get("style-src")).toEqual(["'self'"]);
  });

  it("API answers: a refused contact message and the health probe", async () => {
    const invalid = await request(app).post("/api/Geography/addContactUs").send({});
    expect(invalid.status).toBe(400);
    expectObservatoryProfile(invalid.headers, "API 400");
    const health = await request(app).get("/healthz");
    expect(health.status).toBe(200);
    expectObservatoryProfile(health.headers, "healthz");
  });

  it("404s: an unknown page and a missing file", async () => {
    const page = await request(app).get("/no-such-page");
    expect(page.status).toBe(404);
    expectObservatoryProfile(page.headers, "404 page");
    const asset = await request(app).get("/assets/missing-0000.js");
    expect(asset.status).toBe(404);
    expectObservatoryProfile(asset.headers, "404 asset");
  });
});

describe("one set of security headers", () => {
  it("what Express answers carries the very set the page writer sends (recorded from helmet once)", async () => {
    const names = securityHeaderSet().map(([name]) => name.toLowerCase());
    // A redirect: written by the page writer with the set every answer without a page carries.
    const written = await request(app).get("/main/");
    expect(written.status).toBe(301);
    const answers = [
      ["robots.txt", await request(app).get("/robots.txt")],
      ["asset", await request(app).get(manifest.entry)],
      ["missing file", await request(app).get("/assets/missing-0000.js")],
      ["API 400", await request(app).post("/api/Geography/addContactUs").send({})],
      ["healthz", await request(app).get("/healthz")],
    ] as const;
    for (const [what, res] of answers)
      for (const name of names) expect(res.headers[name], `${what}: ${name}`).toBe(written.headers[name]);
  });
});

describe("/.well-known/security.txt (RFC 9116)", () => {
  it("names a contact, an expiry a year ahead, the language and its canonical URL on SITE_URL", async () => {
    const before = Date.now();
    const res = await request(createHandler(testConfig({ SITE_URL }))).get("/.well-known/security.txt");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expectObservatoryProfile(res.headers, "security.txt");
    const fields = new Map(
      res.text
        .trim()
        .split("\n")
        .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
    );
    expect(fields.get("Contact")).toBe(`${SITE_URL}/Contact`);
    expect(fields.get("Canonical")).toBe(`${SITE_URL}/.well-known/security.txt`);
    expect(fields.get("Preferred-Languages")).toBe("en");
    const expires = fields.get("Expires")!;
    expect(expires).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const year = 365 * 24 * 3600 * 1000;
    expect(Date.parse(expires)).toBeGreaterThanOrEqual(before + year - 1000);
    expect(Date.parse(expires)).toBeLessThanOrEqual(Date.now() + year);
  });

  it("computes Expires from the start-up time", () => {
    expect(securityTxt("http://localhost:3000", new Date("2025-03-01T10:20:30.456Z"))).toContain(
      "Expires: 2026-03-01T10:20:30Z\n",
    );
  });
});
