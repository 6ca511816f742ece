import { describe, expect, it } from "vitest";
import { request } from "node:http";
import { keptPageUrls, siteRoutes } from "../../shared/site.ts";
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
  it("/readyz turns 200 only once every page is kept, then the first request of each is answered from the cache", async () => {
    const server = await startProductionServer({}, { waitReady: false });
    const { port } = server;
    try {
      let ready = false;
      for (let i = 0; i < 400 && !ready; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`);
        const body = (await res.json()) as { status: string };
        ready = res.status === 200;
        // Before the warm-up ends the probe says so.
        if (!ready) expect(body.status).toBe("starting");
        if (!ready) await new Promise((r) => setTimeout(r, 10));
      }
      expect(ready).toBe(true);
      // Once ready, the log says every page is kept (log writes are buffered for up to 200 ms).
      const readyLine = new RegExp(`"pages":${keptPageUrls().length + 1},"ms":\\d+,"sinceStartMs":\\d+,"msg":"ready"`);
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
