import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "node:net";
import { get } from "../../scripts/harness/handlerServer.ts";
import { startProductionServer, type ProductionServer } from "../../scripts/harness/productionServer.ts";

// Each URL shape against `node dist/server/main.js`, as a visitor, a crawler or a scanner sends it.

let server: ProductionServer;

beforeAll(async () => {
  server = await startProductionServer();
  // Tests below compare bytes; kept pages are recompressed at the best levels after "ready".
  await server.waitForLog("pages kept at best compression");
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

/** Status line and headers of one request sent as bytes: any target, any Host. */
function rawHead(target: string, host: string): Promise<{ status: number; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1");
    let text = "";
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${target}`)));
    socket.on("data", (d) => (text += d.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      const [statusLine, ...lines] = text.slice(0, text.indexOf("\r\n\r\n")).split("\r\n");
      resolve({
        status: Number(statusLine?.split(" ")[1]),
        headers: Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
        ),
      });
    });
    socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, "latin1");
  });
}

describe("the production process", () => {
  it("answers campaign URLs with the kept page: same status, ETag and bytes as the bare path", async () => {
    for (const path of ["/", "/main", "/Contact"]) {
      const bare = await get(server.url, path, { "Accept-Encoding": "br" });
      for (const query of ["?utm_source=newsletter&utm_campaign=spring", "?fbclid=IwAR1", "?gclid=EAIa"]) {
        const res = await get(server.url, `${path}${query}`, { "Accept-Encoding": "br" });
        expect(res.status, path + query).toBe(200);
        expect(res.headers.etag, path + query).toBe(bare.headers.etag);
        expect(res.raw.equals(bare.raw), path + query).toBe(true);
      }
    }
    const sent = await get(server.url, "/Contact?sent=1&utm_source=x");
    expect(sent.status).toBe(200);
    expect(sent.headers.etag).not.toBe((await get(server.url, "/Contact")).headers.etag);
  });

  it("redirects trailing slashes, doubled slashes and other casings to the canonical path, query kept", async () => {
    const cases: Array<[string, string]> = [
      ["/main/", "/main"],
      ["//main", "/main"],
      ["///main", "/main"],
      ["//", "/"],
      ["//?x=1", "/?x=1"],
      ["/contact/?utm_source=x", "/Contact?utm_source=x"],
      ["/PRIVACYPOLICY", "/Privacypolicy"],
    ];
    for (const [from, to] of cases) {
      const res = await rawHead(from, "localhost");
      expect(res.status, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
  });

  it("answers unknown paths with the kept not-found page, /% with the site's 400 page, /favicon.ico with the icon", async () => {
    const a = await get(server.url, "/no/such/page", { "Accept-Encoding": "br" });
    const b = await get(server.url, "/wp-login.php.bak/x?utm_source=y", { "Accept-Encoding": "br" });
    expect(a.status).toBe(404);
    expect(b.status).toBe(404);
    expect(a.text).toContain("<h1>Page not found</h1>");
    expect(a.headers.etag).toBe(b.headers.etag);
    expect(a.raw.equals(b.raw)).toBe(true);
    const bad = await rawHead("/%", "localhost");
    expect(bad.status).toBe(400);
    expect(bad.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(bad.headers["content-security-policy"]).toBeDefined();
    const icon = await rawHead("/favicon.ico", "localhost");
    expect(icon.status).toBe(301);
    expect(icon.headers.location).toBe("/favicon.svg");
  });

  it("never answers 5xx for a malformed Host, on kept, redirected and unknown URLs", async () => {
    for (const host of ["bad host", "a:b:c", "[::1", "%", "", "localhost:99999"]) {
      for (const path of ["/main?x=1", "//", "///main", "/nope?x=1", "/%"]) {
        const res = await rawHead(path, host);
        expect(res.status, `${path} Host: ${host}`).toBeGreaterThanOrEqual(200);
        expect(res.status, `${path} Host: ${host}`).toBeLessThan(500);
      }
    }
  });

  it("sends HEAD with GET's Content-Encoding and answers If-None-Match: * with 304", async () => {
    const head = await get(server.url, "/Category?utm_source=x", { "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect(head.raw.length).toBe(0);
    expect((await get(server.url, "/Category", { "If-None-Match": "*" })).status).toBe(304);
  });

  it("logs every front-door answer once, with the URL as it came", async () => {
    await get(server.url, "/main/?utm_source=log-check");
    const logs = await server.settledLogs();
    const line = logs.find((l) => (l.req as { url?: string } | undefined)?.url === "/main/?utm_source=log-check");
    expect(line).toMatchObject({ level: 30, res: { statusCode: 301 }, msg: "request completed" });
    expect(logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
  });
});
