import { describe, expect, it } from "vitest";
import { request } from "node:http";
import { keptPageKeys } from "../../server/renderCache.ts";
import { siteRoutes } from "../../shared/site.ts";
import { startProductionServer } from "../../scripts/harness/productionServer.ts";

/** Response headers of a raw GET (fetch would hide transfer-encoding). */
function headersOf(port: number, path: string): Promise<Record<string, string | string[] | undefined>> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, headers: { "Accept-Encoding": "br" }, agent: false },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.headers));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("start-up", () => {
  it("/readyz is 200 as soon as the server listens, every page kept from the build, each answered from the cache", async () => {
    // Started once /healthz answers, the first moment it listens.
    const server = await startProductionServer();
    const { port } = server;
    try {
      // The kept pages are loaded before the server listens: its first probe is already ready.
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { status: string }).status).toBe("ready");
      // The log says every page is kept (log writes are buffered for up to 200 ms).
      const readyLine = new RegExp(`"pages":${keptPageKeys().length},"sinceStartMs":\\d+,"msg":"ready"`);
      await expect.poll(() => server.output(), { timeout: 2_000 }).toMatch(readyLine);
      for (const { path } of siteRoutes) {
        const headers = await headersOf(port, path);
        expect(headers["content-length"], path).toBeDefined();
        expect(headers["transfer-encoding"], path).toBeUndefined();
        expect(headers["content-encoding"], path).toBe("br");
      }
    } finally {
      await server.stop();
    }
    // One access-log line per request, with the request id.
    expect(server.output()).toMatch(
      /"req":\{"id":"[0-9a-f-]{36}","method":"GET","url":"\/TermsCondition"\},"res":\{"statusCode":200\},"responseTime":\d+,"msg":"request completed"/,
    );
  });
});
