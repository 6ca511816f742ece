// A page's first screen must arrive in the first round trip after the request: TCP's initial
// congestion window is 10 segments (RFC 6928), and one byte more costs a whole extra round trip,
// 150 ms on the slow 4G that Lighthouse's phone model simulates, before that screen can paint.
// The browser parses and paints a document as its bytes arrive (brotli decodes as a stream), so
// what must fit is the status line, the headers and the compressed bytes up to the end of the
// page's first section: its inlined styles and its first screen. The rest of the page may take a
// second round trip, so its whole response is bounded by two windows; that leaves room to add
// content (an article, a card) without a budget edit. The home page's first screen only fits
// because it inlines its first screen's rules alone (scripts/lib/usedCss.ts).
import { connect } from "node:net";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keptPageUrls } from "../../shared/site.ts";
import { budgets } from "../../scripts/lib/budgets.ts";
import { startProductionServer, type ProductionServer } from "../../scripts/harness/productionServer.ts";

/** What Chromium sends with a navigation, in the headers that change the answer. */
const REQUEST_HEADERS = "Accept: text/html\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nConnection: keep-alive\r\n";

interface WireAnswer {
  status: number;
  /** Status line and headers, with the blank line that ends them. */
  head: number;
  body: Buffer;
}

/** The response to GET `path`, as bytes on the wire: status line, headers and body. */
function wireBytes(port: number, path: string): Promise<WireAnswer> {
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
      if (!/\r\ncontent-encoding: *br\b/i.test(head)) return reject(new Error(`${path}: not brotli`));
      resolve({
        status: Number(head.split(" ")[1]),
        head: end + 4,
        body: received.subarray(end + 4, end + 4 + length),
      });
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${REQUEST_HEADERS}\r\n`);
  });
}

/** The document up to the end of the first section of its <main>: what paints its first screen. */
function firstScreen(html: string): string {
  const main = html.indexOf("<main");
  const end = html.indexOf("</section>", main);
  if (main < 0 || end < 0) throw new Error("no <main> with a section");
  return html.slice(0, end + "</section>".length);
}

/** Compressed size of a prefix, as the server compresses its kept pages (best quality, text). */
const brotliSize = (text: string) =>
  brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  }).length;

describe("every page's first screen fits the first round trip", () => {
  let server: ProductionServer;
  beforeAll(async () => {
    server = await startProductionServer();
    await server.waitForLog("pages kept at best compression", 30_000);
  }, 60_000);
  afterAll(() => server?.stop());

  const urls = [...keptPageUrls(), "/no-such-page"];
  it.each(urls)(`%s: head and first screen within ${budgets.firstRoundTrip} bytes, all within two`, async (url) => {
    const answer = await wireBytes(server.port, url);
    expect(answer.status).toBe(url === "/no-such-page" ? 404 : 200);
    const html = brotliDecompressSync(answer.body).toString("utf8");
    const first = answer.head + brotliSize(firstScreen(html));
    const total = answer.head + answer.body.length;
    console.log(`${url}: first screen ${first} bytes, whole page ${total} bytes on the wire`);
    expect(first).toBeLessThanOrEqual(budgets.firstRoundTrip);
    expect(total).toBeLessThanOrEqual(2 * budgets.firstRoundTrip);
  });
});
