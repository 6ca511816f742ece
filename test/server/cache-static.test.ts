import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { BuildManifest } from "../../server/assets.ts";
import { startServer, type RunningServer } from "../../scripts/harness/handlerServer.ts";
import { get } from "../../scripts/harness/handlerServer.ts";

const manifest = JSON.parse(readFileSync("dist/client/manifest.json", "utf8")) as BuildManifest;

// supertest decodes br and gzip bodies: the raw bytes are read over a real socket instead.
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe("precompressed assets", () => {
  it("the build writes .br and .gz beside each hashed script and stylesheet", () => {
    for (const url of [manifest.entry, ...manifest.stylesheets]) {
      expect(existsSync(`dist/client${url}.br`), url).toBe(true);
      expect(existsSync(`dist/client${url}.gz`), url).toBe(true);
    }
  });

  it.each([
    ["br", brotliDecompressSync],
    ["gzip", gunzipSync],
  ] as const)("serves the %s file as it was built, immutable, varying on encoding", async (encoding, decode) => {
    for (const url of [manifest.entry, manifest.stylesheets[0]!]) {
      const res = await get(server.url, url, { "Accept-Encoding": encoding });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.vary).toContain("Accept-Encoding");
      expect(res.headers["content-type"]).toMatch(url.endsWith(".css") ? /^text\/css/ : /javascript/);
      const file = readFileSync(`dist/client${url}.${encoding === "br" ? "br" : "gz"}`);
      expect(res.raw.equals(file)).toBe(true);
      expect(decode(res.raw).equals(readFileSync(`dist/client${url}`))).toBe(true);
    }
  });

  it("serves the plain file to a client that accepts no encoding", async () => {
    const res = await get(server.url, manifest.entry, { "Accept-Encoding": "identity" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.raw.equals(readFileSync(`dist/client${manifest.entry}`))).toBe(true);
  });
});
