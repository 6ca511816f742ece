import { describe, expect, it } from "vitest";
import request from "supertest";
import { createHandler } from "../../server/handler.ts";
import { keptPageKeys, NOT_FOUND_PROBES } from "../../server/renderCache.ts";
import { keptPageUrls, siteRoutes } from "../../shared/site.ts";
import { testConfig } from "../../scripts/harness/config.ts";
import { get } from "../../scripts/harness/handlerServer.ts";
import { keptAndStreamed, isFromCache } from "../helpers/keptAndStreamed.ts";

const { cached, streamed } = keptAndStreamed();

describe("render cache", () => {
  it("keeps every route, its query variants and the not-found page with its copy per suggestion, from the build", () => {
    expect([...keptPageUrls()].sort()).toEqual([...siteRoutes.map((r) => r.path), "/Contact?sent=1"].sort());
    expect(keptPageKeys()).toHaveLength(keptPageUrls().length + 1 + siteRoutes.length);
    expect(cached.handler.renderCache?.kept).toBe(keptPageKeys().length);
    for (const key of keptPageKeys()) expect(cached.handler.renderCache?.get(key), key).toBeDefined();
    expect(streamed.handler.renderCache).toBeUndefined();
  });

  it("renders the not-found page alike for any unknown URL, which is why it is kept once", async () => {
    const [a, b] = await Promise.all(NOT_FOUND_PROBES.map((path) => get(streamed.url, path)));
    expect([a!.status, b!.status]).toEqual([404, 404]);
    expect(a!.text).toBe(b!.text);
    expect(a!.text).toContain("</html>");
  });

  it.each(siteRoutes.map((r) => r.path))(
    "GET %s: br, gzip and identity decode to the HTML the streaming renderer writes",
    async (path) => {
      const reference = await get(streamed.url, path, { "Accept-Encoding": "identity" });
      expect(reference.headers["transfer-encoding"]).toBe("chunked");
      expect(reference.text).toContain("</html>");
      for (const encoding of ["br", "gzip", "identity"]) {
        const res = await get(cached.url, path, { "Accept-Encoding": encoding });
        expect(res.status).toBe(200);
        expect(isFromCache(res.headers), encoding).toBe(true);
        expect(res.headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
        expect(Number(res.headers["content-length"])).toBe(res.raw.length);
        expect(res.text).toBe(reference.text);
      }
    },
  );

  it("prefers br, honours q-values and answers identity without Accept-Encoding", async () => {
    expect(
      (await get(cached.url, "/", { "Accept-Encoding": "gzip, deflate, br, zstd" })).headers["content-encoding"],
    ).toBe("br");
    expect((await get(cached.url, "/", { "Accept-Encoding": "br;q=0.5, gzip" })).headers["content-encoding"]).toBe(
      "gzip",
    );
    expect(
      (await get(cached.url, "/", { "Accept-Encoding": "br;q=0, gzip;q=0" })).headers["content-encoding"],
    ).toBeUndefined();
    expect((await get(cached.url, "/", {})).headers["content-encoding"]).toBeUndefined();
  });

  it("answers 304 to a matching If-None-Match, cached and streamed alike, with the same ETag", async () => {
    const first = await get(cached.url, "/Category", { "Accept-Encoding": "br" });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await get(cached.url, "/Category", { "If-None-Match": etag, "Accept-Encoding": "br" });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBe(first.headers["cache-control"]);

    const streamedFirst = await get(streamed.url, "/Category", { "Accept-Encoding": "br" });
    expect(streamedFirst.headers.etag).toBe(etag);
    expect((await get(streamed.url, "/Category", { "If-None-Match": `"other", ${etag}` })).status).toBe(304);
    expect((await get(cached.url, "/Category", { "If-None-Match": '"stale"' })).status).toBe(200);
    // A different page never matches another page's validator.
    expect((await get(cached.url, "/main", { "If-None-Match": etag })).status).toBe(200);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const head = await get(cached.url, "/TermsCondition", { "Accept-Encoding": "br" }, "HEAD");
    const full = await get(cached.url, "/TermsCondition", { "Accept-Encoding": "br" });
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(head.headers["content-length"]).toBe(full.headers["content-length"]);
    expect(head.headers.etag).toBe(full.headers.etag);
  });

  it("serves the not-found page from the cache with status 404 kept", async () => {
    const reference = await get(streamed.url, "/no/such/page", { "Accept-Encoding": "identity" });
    const res = await get(cached.url, "/no/such/page", { "Accept-Encoding": "br" });
    expect(res.status).toBe(404);
    expect(isFromCache(res.headers)).toBe(true);
    expect(res.text).toBe(reference.text);
    expect(res.headers.etag).toBe(reference.headers.etag);
    // Every unknown path is the same kept page, with the same validator.
    const other = await get(cached.url, "/another/unknown?utm_source=x", { "Accept-Encoding": "br" });
    expect(other.status).toBe(404);
    expect(other.headers.etag).toBe(res.headers.etag);
    expect(other.raw.equals(res.raw)).toBe(true);
  });

  it("answers queries from kept pages: a variant for a value the page reads, the bare page for any other", async () => {
    const sent = await get(cached.url, "/Contact?sent=1", { "Accept-Encoding": "identity" });
    const sentReference = await get(streamed.url, "/Contact?sent=1", { "Accept-Encoding": "identity" });
    const bare = await get(cached.url, "/Contact", { "Accept-Encoding": "identity" });
    expect(sent.status).toBe(200);
    expect(isFromCache(sent.headers)).toBe(true);
    expect(sent.text).toBe(sentReference.text);
    expect(sent.headers.etag).toBe(sentReference.headers.etag);
    expect(sent.text).not.toBe(bare.text);
    expect(sent.headers.etag).not.toBe(bare.headers.etag);
    // utm_*, fbclid, gclid, a value the page does not act on: the bare page's bytes and validator.
    for (const query of [
      "?utm_source=newsletter&utm_medium=email",
      "?fbclid=abc",
      "?gclid=1&x=2",
      "?sent=2",
      "?SENT=1",
      "?",
    ]) {
      const res = await get(cached.url, `/Contact${query}`, { "Accept-Encoding": "identity" });
      expect(res.status, query).toBe(200);
      expect(isFromCache(res.headers), query).toBe(true);
      expect(res.raw.equals(bare.raw), query).toBe(true);
      expect(res.headers.etag, query).toBe(bare.headers.etag);
    }
    // The page reads the first value, and so does the server.
    expect((await get(cached.url, "/Contact?utm_source=x&sent=1&sent=2")).headers.etag).toBe(sent.headers.etag);
  });

  it("never answers a POST with a kept page", async () => {
    // The Contact page takes the form's post: an empty one comes back rendered with its errors.
    const post = await get(cached.url, "/Contact", { "Content-Type": "application/x-www-form-urlencoded" }, "POST");
    expect(post.status).toBe(400);
    expect(post.headers.etag).toBeUndefined();
    expect(post.headers["cache-control"]).toBe("no-store");
    expect(post.text).toContain("Name is required.");
  });

  it("streams every page when RENDER_CACHE=off, under the cap of renders in flight", async () => {
    for (const path of ["/", "/Category", "/no/such/page"]) {
      const res = await get(streamed.url, path, { "Accept-Encoding": "br" });
      expect(res.headers["transfer-encoding"], path).toBe("chunked");
      expect(res.headers["content-encoding"], path).toBe("br");
    }
  });
});

describe("the build's pages with this server's origins (supertest)", () => {
  it("answers every kept key from the first request with the bytes a render with the configured origins writes", async () => {
    // SITE_URL with a port and a path (pages use its origin), MAIN_SITE_URL with characters each
    // context escapes its own way: the placeholders are replaced in every form (server/renderCache.ts).
    const env = { SITE_URL: "https://example.com:8443/shop/", MAIN_SITE_URL: "https://app.example.com/go?a=1&b='x'" };
    const app = createHandler(testConfig(env));
    const reference = createHandler(testConfig({ ...env, RENDER_CACHE: "off" }));
    for (const key of keptPageKeys()) {
      const kept = await request(app).get(key).set("Accept-Encoding", "identity");
      const rendered = await request(reference).get(key).set("Accept-Encoding", "identity");
      expect(kept.headers["transfer-encoding"], key).toBeUndefined();
      expect(rendered.headers["transfer-encoding"], key).toBe("chunked");
      expect([kept.status, kept.headers.etag], key).toEqual([rendered.status, rendered.headers.etag]);
      expect(kept.text, key).toBe(rendered.text);
      expect(kept.headers["content-security-policy"], key).toBe(rendered.headers["content-security-policy"]);
    }
    const home = (await request(app).get("/")).text;
    expect(home).toContain('href="https://example.com:8443/"');
    expect(home).toContain('href="https://app.example.com/go?a=1&amp;b=&#x27;x&#x27;"');
    expect(home).not.toMatch(/\.invalid/);
  });

  it("keeps nothing when RENDER_CACHE=off", () => {
    expect(createHandler(testConfig({ RENDER_CACHE: "off" })).renderCache).toBeUndefined();
  });

  it("answers 503 with Retry-After past the cap of streaming renders in flight, and the contact form's page too", async () => {
    const app = createHandler(testConfig({ RENDER_CACHE: "off" }), { maxStreamingRenders: 0 });
    for (const path of ["/", "/main?utm_source=x", "/no/such/page"]) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(503);
      expect(res.headers["retry-after"], path).toBe("1");
      expect(res.headers["cache-control"], path).toBe("no-store");
      expect(res.headers["content-security-policy"], path).toBeDefined();
      expect(res.text, path).toContain("<h1>");
    }
    // Redirects need no render.
    expect((await request(app).get("/main/")).status).toBe(301);

    // One in flight with a cap of one: the second waits for nothing, it is refused.
    const one = createHandler(testConfig({ RENDER_CACHE: "off" }), { maxStreamingRenders: 1 });
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () =>
        request(one)
          .get("/Category")
          .then((r) => r.status),
      ),
    );
    expect(statuses).toContain(200);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    // Finished renders give their place back.
    expect((await request(one).get("/Category")).status).toBe(200);
  });
});
