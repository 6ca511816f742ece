import { describe, expect, it } from "vitest";
import request from "supertest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createHandler } from "../../server/handler.ts";
import type { BuildManifest } from "../../server/assets.ts";
import { securityHeaderSet } from "../../server/security.ts";
import { testConfig } from "../../scripts/harness/config.ts";

// The shape of the request path (server/handler.ts): one function, one ordered fall-through
// (files, kept pages, Express, not found), and the request id and security headers applied
// once, before any step, whichever step answers.
const app = createHandler(testConfig());
const manifest = JSON.parse(readFileSync("dist/client/manifest.json", "utf8")) as BuildManifest;
const baseSet = securityHeaderSet().filter(([name]) => name.toLowerCase() !== "content-security-policy");

/** One request of each step, and what it answers with. */
const steps: Array<[string, () => request.Test, number, string]> = [
  ["1. a hashed file", () => request(app).get(manifest.entry), 200, "javascript"],
  ["1. a public file", () => request(app).get("/favicon.svg"), 200, "image/svg+xml"],
  ["2. a kept page", () => request(app).get("/main?utm_source=x"), 200, "text/html"],
  ["2. another spelling", () => request(app).get("/MAIN/"), 301, ""],
  ["2. a malformed path", () => request(app).get("/main/%"), 400, "text/html"],
  ["3. health", () => request(app).get("/healthz"), 200, "application/json"],
  ["3. the API", () => request(app).post("/api/vitals").type("json").send("{}"), 400, "application/json"],
  ["3. the sitemap", () => request(app).get("/sitemap.xml"), 200, "application/xml"],
  ["4. not found, a page path", () => request(app).get("/api/nope"), 404, "text/html"],
  ["4. not found, a file name", () => request(app).get("/images/nope.webp"), 404, "text/plain"],
  ["4. not found, a file under /assets", () => request(app).get("/assets/nope-1234.js"), 404, "text/plain"],
  ["4. not found, another method", () => request(app).put("/nope"), 404, "text/plain"],
];

describe("the request path", () => {
  it.each(steps)(
    "%s: answered once, with the id and the base security headers set once",
    async (_what, send, status, type) => {
      const res = await send().set("X-Request-Id", "lb-42");
      expect(res.status).toBe(status);
      expect(String(res.headers["content-type"] ?? "")).toContain(type);
      // A header set twice would arrive joined ("lb-42, lb-42").
      expect(res.headers["x-request-id"]).toBe("lb-42");
      for (const [name, value] of baseSet) expect(res.headers[name.toLowerCase()], name).toBe(value);
      expect(res.headers["content-security-policy"]).toMatch(/^default-src 'none'/);
    },
  );

  it("gives a request without a sane id one of its own", async () => {
    const res = await request(app).get("/").set("X-Request-Id", "not sane!");
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is one function in one file: the only place an answer gets its id and its base security headers", () => {
    const sources = readdirSync("server", { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts"))
      .map((file) => [file, readFileSync(join("server", file), "utf8")] as const);
    const setting = (pattern: RegExp) => sources.filter(([, text]) => pattern.test(text)).map(([file]) => file);
    expect(setting(/["']X-Request-Id["']/i)).toEqual(["handler.ts"]);
    // The base set is named in one place, and a page writes its own (its CSP names their style).
    expect(setting(/\.\.\.security\]/)).toEqual(["handler.ts"]);
    // What main.ts serves is that function (wrapped in a span when tracing is on).
    expect(readFileSync("server/main.ts", "utf8")).toMatch(/const handler = createHandler\(/);
  });
});
