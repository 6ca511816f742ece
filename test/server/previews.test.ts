import { describe, expect, it } from "vitest";
import request from "supertest";
import { createHandler } from "../../server/handler.ts";
import { articles } from "../../shared/data/articles.ts";
import { company } from "../../shared/data/company.ts";
import { siteRoutes } from "../../shared/site.ts";
import { testConfig } from "../../scripts/harness/config.ts";
import { decodeEntities } from "../helpers/html.ts";

// Issue 37: what a link preview, a search engine and an install prompt read from each page.
const SITE = "https://www.example.org";
const app = createHandler(testConfig({ SITE_URL: SITE }));

/** The body as bytes, whatever its type. */
const binary = (res: request.Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => done(null, Buffer.concat(chunks)));
};

/** Width and height from a PNG's signature and IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function png(path: string) {
  const res = await request(app).get(path).buffer(true).parse(binary);
  expect(res.status, path).toBe(200);
  expect(res.headers["content-type"], path).toBe("image/png");
  return { ...pngSize(res.body as Buffer), bytes: (res.body as Buffer).length };
}

const meta = (html: string, property: string) =>
  decodeEntities(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1] ?? "");

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

async function page(path: string) {
  const res = await request(app).get(path).set("Accept-Encoding", "identity");
  expect(res.status, path).toBe(200);
  return res.text;
}

describe("link previews", () => {
  it.each(siteRoutes.map((r) => [r.path, r] as const))(
    "%s has its own og:image, a 1200×630 PNG, with og:image:alt and og:locale",
    async (path) => {
      const html = await page(path);
      const image = meta(html, "og:image");
      expect(image.startsWith(`${SITE}/og/`), image).toBe(true);
      expect(meta(html, "twitter:image")).toBe(image);
      expect(meta(html, "og:image:alt")).toContain(meta(html, "og:title"));
      expect(meta(html, "og:locale")).toBe("en_GB");
      const size = await png(new URL(image).pathname);
      expect(size).toMatchObject({ width: 1200, height: 630 });
      expect(size.bytes).toBeLessThan(80 * 1024);
    },
  );

  it("gives each route a card of its own", async () => {
    const images = await Promise.all(siteRoutes.map(async (r) => meta(await page(r.path), "og:image")));
    expect(new Set(images).size).toBe(siteRoutes.length);
  });
});

describe("structured data (JSON-LD)", () => {
  it("describes the site and the organisation on the home page, with name and url", async () => {
    const blocks = jsonLd(await page("/"));
    expect(blocks.map((b) => b["@type"])).toEqual(["Organization", "WebSite"]);
    for (const block of blocks) {
      expect(block["@context"]).toBe("https://schema.org");
      expect(block).toMatchObject({ name: company.name, url: `${SITE}/` });
    }
  });

  it.each(siteRoutes.filter((r) => r.id !== "home").map((r) => [r.path, r] as const))(
    "%s has a BreadcrumbList matching the breadcrumb it shows",
    async (path, route) => {
      const html = await page(path);
      const crumbs = jsonLd(html).filter((b) => b["@type"] === "BreadcrumbList");
      expect(crumbs).toHaveLength(1);
      expect(crumbs[0]!.itemListElement).toEqual([
        { "@type": "ListItem", position: 1, name: "Home", item: `${SITE}/` },
        { "@type": "ListItem", position: 2, name: route.label, item: `${SITE}${route.path}` },
      ]);
      // The breadcrumb on the page names the same two steps.
      expect(html).toMatch(/<nav aria-label="Breadcrumb"[\s\S]*?>Home<\/a>/);
      expect(decodeEntities(html)).toContain(`<li aria-current="page">${route.label}</li>`);
    },
  );

  it("lists the articles as an ItemList on /RecentArticles, each with position, name and item", async () => {
    const lists = jsonLd(await page("/RecentArticles")).filter((b) => b["@type"] === "ItemList");
    expect(lists).toHaveLength(1);
    const list = lists[0]!;
    expect(list.name).toBeTruthy();
    expect(list.url).toBe(`${SITE}/RecentArticles`);
    expect(list.itemListElement).toEqual(
      articles.map((a, i) => ({ "@type": "ListItem", position: i + 1, name: a.title, item: a.url })),
    );
  });

  it("writes no JSON-LD on the not-found page, and every block is data the CSP need not allow", async () => {
    const res = await request(app).get("/no-such-page").set("Accept-Encoding", "identity");
    expect(jsonLd(res.text)).toEqual([]);
    const html = await page("/");
    // Only scripts the page runs need 'self'; a JSON-LD block carries no src and is never run.
    expect(html).not.toMatch(/<script type="application\/ld\+json"[^>]*src=/);
  });
});

describe("installable basics", () => {
  it("links the manifest, the apple-touch-icon and a PNG favicon beside the SVG one", async () => {
    const html = await page("/Contact");
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"/>');
    expect(html).toMatch(/<link rel="icon" href="\/icons\/favicon-48.png" type="image\/png" sizes="48x48"\/>/);
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    expect(await png("/icons/apple-touch-icon.png")).toMatchObject({ width: 180, height: 180 });
    expect(await png("/icons/favicon-48.png")).toMatchObject({ width: 48, height: 48 });
  });

  it("serves a valid web app manifest with the brand's colours and PNG icons of 192 and 512 px, maskable", async () => {
    const res = await request(app).get("/manifest.webmanifest");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(res.text) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: company.name, start_url: "/", display: "standalone" });
    expect(manifest.short_name.length).toBeLessThanOrEqual(15);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    for (const size of [192, 512])
      for (const purpose of ["any", "maskable"])
        expect(
          manifest.icons.some((i) => i.sizes === `${size}x${size}` && i.purpose === purpose),
          `${size} ${purpose}`,
        ).toBe(true);
    for (const icon of manifest.icons) {
      expect(icon.type).toBe("image/png");
      const [width, height] = icon.sizes.split("x").map(Number);
      expect(await png(icon.src)).toMatchObject({ width, height });
    }
  });
});
