// A page whose response fits TCP's initial congestion window (10 segments, RFC 6928) arrives in
// the first round trip after the request; one byte more costs a whole extra round trip, which
// is 150 ms on the slow 4G that Lighthouse's phone model simulates, before anything can paint.
// So every page's response (status line, headers and brotli body, as the production server
// sends them once its kept pages are at best compression) must fit in 14,600 bytes. The home
// page only fits because it inlines its first screen's rules alone (scripts/lib/usedCss.ts).
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keptPageUrls } from "../../shared/site.ts";
import { budgets } from "../../scripts/lib/budgets.ts";
import { startProductionServer, type ProductionServer } from "../helpers/productionServer.ts";

/** What Chromium sends with a navigation, in the headers that change the answer. */
const REQUEST_HEADERS = "Accept: text/html\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nConnection: keep-alive\r\n";

/** The response to GET `path`, as bytes on the wire: status line, headers and body. */
function wireBytes(port: number, path: string): Promise<{ status: number; total: number; body: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no complete answer for ${path}`)));
    socket.on("error", reject);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = received.subarray(0, end).toString("latin1");
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
      if (!Number.isFinite(length)) return socket.destroy(new Error(`${path}: no Content-Length`));
      if (received.length < end + 4 + length) return;
      socket.destroy();
      resolve({ status: Number(head.split(" ")[1]), total: end + 4 + length, body: length });
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${REQUEST_HEADERS}\r\n`);
  });
}

describe("every page fits the first round trip", () => {
  let server: ProductionServer;
  beforeAll(async () => {
    server = await startProductionServer();
    await server.waitForLog("pages kept at best compression", 30_000);
  }, 60_000);
  afterAll(() => server?.stop());

  const urls = [...keptPageUrls(), "/no-such-page"];
  it.each(urls)(`%s: status line, headers and body within ${budgets.firstRoundTrip} bytes`, async (url) => {
    const answer = await wireBytes(server.port, url);
    expect(answer.status).toBe(url === "/no-such-page" ? 404 : 200);
    console.log(`${url}: ${answer.total} bytes on the wire (${answer.body} body)`);
    expect(answer.total).toBeLessThanOrEqual(budgets.firstRoundTrip);
  });
});
