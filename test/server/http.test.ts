import { describe, expect, it } from "vitest";
import request from "supertest";
import { readFileSync } from "node:fs";
import { createHandler } from "../../server/handler.ts";
import { createLifecycle } from "../../server/health.ts";
import { createLogger } from "../../server/logger.ts";
import type { BuildManifest } from "../../server/assets.ts";
import { testConfig } from "../../scripts/harness/config.ts";
import { SCHEME_SCRIPT_SOURCE } from "../../server/security.ts";

const app = createHandler(testConfig());
const manifest = JSON.parse(readFileSync("dist/client/manifest.json", "utf8")) as BuildManifest;

describe("security headers", () => {
  it("sets a strict CSP and the usual hardening headers on pages", async () => {
    const res = await request(app).get("/");
    const csp = res.headers["content-security-policy"] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
    // The one inline script, the colour scheme's, by its hash (docs/decisions/020).
    expect(scriptSrc.trim()).toBe(`script-src 'self' ${SCHEME_SCRIPT_SOURCE}`);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(res.headers["permissions-policy"]).toContain("camera=()");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("echoes a sane X-Request-Id and makes one otherwise", async () => {
    const given = await request(app).get("/healthz").set("X-Request-Id", "lb-1234");
    expect(given.headers["x-request-id"]).toBe("lb-1234");
    const made = await request(app).get("/healthz").set("X-Request-Id", "bad id with spaces");
    expect(made.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("static assets", () => {
  it("serves hashed assets as immutable for a year", async () => {
    const res = await request(app).get(manifest.entry);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("javascript");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const css = await request(app).get(manifest.stylesheets[0]!);
    expect(css.status).toBe(200);
    expect(css.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers a missing asset with a plain 404, not the HTML page", async () => {
    for (const path of ["/assets/nope-123.js", "/images/missing.svg", "/favicon.png"]) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers["content-type"], path).not.toContain("text/html");
    }
  });

  it("serves public files", async () => {
    const res = await request(app).get("/favicon.svg");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
  });

  it("points /favicon.ico, which browsers and crawlers ask for by habit, at the SVG icon", async () => {
    const res = await request(app).get("/favicon.ico");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/favicon.svg");
  });
});

describe("health", () => {
  it("answers /healthz and /readyz, and readiness turns 503 once shutdown began", async () => {
    const lifecycle = createLifecycle();
    const probed = createHandler(testConfig(), { lifecycle });
    expect((await request(probed).get("/healthz")).status).toBe(200);
    expect((await request(probed).get("/readyz")).status).toBe(200);
    lifecycle.shuttingDown = true;
    expect((await request(probed).get("/readyz")).status).toBe(503);
    expect((await request(probed).get("/healthz")).status).toBe(200);
  });

  it("keeps probes out of the access log: a 503 while shutting down is the expected answer, not an error", async () => {
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    const lifecycle = { ...createLifecycle(), shuttingDown: true };
    const probed = createHandler(testConfig(), { lifecycle, logger });
    expect((await request(probed).get("/readyz")).status).toBe(503);
    expect((await request(probed).get("/healthz")).status).toBe(200);
    expect(lines).toEqual([]);
    expect((await request(probed).get("/robots.txt")).status).toBe(200);
    expect(lines.map((line) => (JSON.parse(line) as { req: { url: string } }).req.url)).toEqual(["/robots.txt"]);
  });
});
