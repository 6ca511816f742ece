import { beforeAll, describe, expect, it } from "vitest";
import { siteRoutes } from "../../shared/site.ts";
import { get, startServer } from "../../scripts/harness/handlerServer.ts";
import { isFromCache, keptAndStreamed } from "../helpers/keptAndStreamed.ts";
import { decodeEntities } from "../helpers/html.ts";

// Issue 37: a 404 that helps (client/pages/NotFoundPage.tsx, shared/suggest.ts), still kept bytes.
const { cached, streamed } = keptAndStreamed();
// Kept pages are recompressed at the best levels once loaded: tests compare bytes.
beforeAll(() => cached.handler.renderCache?.settled());

/** The href of the suggestion's link, if the page has one. */
const suggestionOf = (html: string) =>
  /<p class="page-header__lead not-found__suggestion">Did you mean <a href="([^"]+)"/.exec(html)?.[1];

describe("the not-found page", () => {
  it("lists every page of the route table as a link, with status 404 and noindex", async () => {
    for (const base of [cached.url, streamed.url]) {
      const res = await get(base, "/no/such/page", { "Accept-Encoding": "identity" });
      expect(res.status).toBe(404);
      expect(res.text).toContain('<meta name="robots" content="noindex"/>');
      const list = /<nav class="not-found__links" aria-label="Every page">([\s\S]*?)<\/nav>/.exec(res.text)?.[1] ?? "";
      const links = [...list.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [
        m[1],
        decodeEntities(m[2]!),
      ]);
      expect(links).toEqual(siteRoutes.map((r) => [r.path, r.label]));
      expect(suggestionOf(res.text)).toBeUndefined();
    }
  });

  it.each([
    ["/categroy", "/Category"],
    ["/contact-us", "/Contact"],
    ["/about-us", "/main"],
    ["/privacy", "/Privacypolicy"],
  ])("suggests the page %s most likely meant (%s), in the HTML, still 404 and noindex", async (path, route) => {
    const reference = await get(streamed.url, path, { "Accept-Encoding": "identity" });
    const res = await get(cached.url, path, { "Accept-Encoding": "identity" });
    for (const answer of [reference, res]) {
      expect(answer.status).toBe(404);
      expect(answer.text).toContain('<meta name="robots" content="noindex"/>');
      expect(suggestionOf(answer.text)).toBe(route);
    }
    // Kept bytes, the same as a render's, with the same validator.
    expect(isFromCache(res.headers)).toBe(true);
    expect(res.text).toBe(reference.text);
    expect(res.headers.etag).toBe(reference.headers.etag);
  });

  it("answers a suggestion from kept bytes from the first request: the build rendered every copy", async () => {
    const fresh = await startServer();
    try {
      const first = await get(fresh.url, "/contact-us", { "Accept-Encoding": "identity" });
      expect(first.status).toBe(404);
      expect(suggestionOf(first.text)).toBe("/Contact");
      expect(isFromCache(first.headers)).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it("answers a flood of random paths from the kept not-found pages (one per route, one plain): no render per URL", async () => {
    const paths = Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0
        ? `/${["categroy", "contactus", "servise", "abuot", "privcy", "termz"][i % 6]}-${i}`.slice(0, 12)
        : `/${Math.random().toString(36).slice(2)}/${i}`,
    );
    const etags = new Set<string>();
    for (const path of paths) {
      const res = await get(cached.url, path, { "Accept-Encoding": "br" });
      expect(res.status, path).toBe(404);
      expect(isFromCache(res.headers), path).toBe(true);
      etags.add(String(res.headers.etag));
    }
    expect(etags.size).toBeGreaterThan(1);
    expect(etags.size).toBeLessThanOrEqual(1 + siteRoutes.length);
    // The same path, the same kept page.
    const [a, b] = await Promise.all([get(cached.url, "/categroy", {}), get(cached.url, "/Categroy?utm_source=x", {})]);
    expect(a.headers.etag).toBe(b.headers.etag);
  });
});
