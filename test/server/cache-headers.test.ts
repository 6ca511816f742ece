import { describe, expect, it } from "vitest";
import type { IncomingHttpHeaders } from "node:http";
import { siteRoutes } from "../../shared/site.ts";
import { get } from "../../scripts/harness/handlerServer.ts";
import { keptAndStreamed } from "../helpers/keptAndStreamed.ts";

// A kept page must say exactly what the streamed render of it says (RENDER_CACHE=off), both
// written by the page writer. Only what must differ is left out: the request id and date
// values, and how the length is told (a kept page has Content-Length, a stream is chunked).
const PER_REQUEST = new Set(["x-request-id", "date"]);
const FRAMING = new Set(["content-length", "transfer-encoding"]);

function comparable(headers: IncomingHttpHeaders | Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (FRAMING.has(name)) continue;
    out[name] = PER_REQUEST.has(name) ? "<varies>" : value;
  }
  return out;
}

const { cached, streamed } = keptAndStreamed();

describe("headers of a kept page and a streamed page", () => {
  it.each(siteRoutes.flatMap((r) => ["br", "gzip", "identity"].map((e) => [r.path, e] as const)))(
    "GET %s (Accept-Encoding: %s): same header set",
    async (path, encoding) => {
      const fast = await get(cached.url, path, { "Accept-Encoding": encoding });
      const slow = await get(streamed.url, path, { "Accept-Encoding": encoding });
      expect(fast.headers["transfer-encoding"]).toBeUndefined();
      expect(slow.headers["transfer-encoding"]).toBe("chunked");
      expect(comparable(fast.headers)).toEqual(comparable(slow.headers));
      expect(fast.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it("the same for the not-found page and a 304", async () => {
    const pairs = [
      ["/missing-page", {}],
      ["/Contact", { "If-None-Match": (await get(streamed.url, "/Contact")).headers.etag! }],
    ] as const;
    for (const [path, headers] of pairs) {
      const fast = await get(cached.url, path, headers);
      const slow = await get(streamed.url, path, headers);
      expect(fast.status, path).toBe(slow.status);
      expect(comparable(fast.headers), path).toEqual(comparable(slow.headers));
    }
  });

  it("a kept page's HEAD has the headers of the streamed GET (the compression middleware leaves HEAD unencoded)", async () => {
    const head = await get(cached.url, "/service", { "Accept-Encoding": "br" }, "HEAD");
    const slow = await get(streamed.url, "/service", { "Accept-Encoding": "br" });
    expect(comparable(head.headers)).toEqual(comparable(slow.headers));
  });

  it("echoes a sane X-Request-Id on the fast path too", async () => {
    const res = await get(cached.url, "/", { "X-Request-Id": "lb-42" });
    expect(res.headers["x-request-id"]).toBe("lb-42");
    expect((await get(cached.url, "/", { "X-Request-Id": "no spaces please" })).headers["x-request-id"]).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it("sets the caching policy: HTML revalidated with an s-maxage for a CDN, varying on encoding", async () => {
    const res = await get(cached.url, "/", { "Accept-Encoding": "br" });
    expect(res.headers["cache-control"]).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/,
    );
    expect(res.headers["cache-control"]).not.toContain("must-revalidate");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
  });
});
