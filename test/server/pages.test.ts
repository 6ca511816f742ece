import { describe, expect, it } from "vitest";
import request from "supertest";
import { readdirSync, readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import type { BuildManifest } from "../../server/assets.ts";
import { createHandler } from "../../server/handler.ts";
import { siteRoutes } from "../../shared/site.ts";
import { SCHEME_SCRIPT } from "../../client/colorScheme.ts";
import { testConfig } from "../../scripts/harness/config.ts";

const app = createHandler(testConfig());
const manifest = JSON.parse(readFileSync("dist/client/manifest.json", "utf8")) as BuildManifest;

function h1Of(html: string): string[] {
  return [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));
}

describe("pages", () => {
  // Kept, as the build rendered it; test/server/cache.test.ts holds each to a streamed render.
  it.each(siteRoutes.map((r) => [r.path, r] as const))("GET %s answers its page with one h1", async (path, route) => {
    const res = await request(app).get(path).set("Accept-Encoding", "identity");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(res.text));
    expect(res.text.startsWith("<!DOCTYPE html>")).toBe(true);
    const h1 = h1Of(res.text);
    expect(h1).toHaveLength(1);
    if (route.id !== "home") expect(h1[0]).toBe(route.label);
    expect(res.text).toMatch(/<title>[^<]+<\/title>/);
  });

  it("gives every route its own title and description", async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const route of siteRoutes) {
      const html = (await request(app).get(route.path)).text;
      titles.add(html.match(/<title>([^<]+)<\/title>/)![1]!);
      descriptions.add(html.match(/<meta name="description" content="([^"]+)"/)![1]!);
    }
    expect(titles.size).toBe(siteRoutes.length);
    expect(descriptions.size).toBe(siteRoutes.length);
  });

  it("redirects other casings of a route to its canonical path (one URL per page)", async () => {
    for (const [path, canonical] of [
      ["/category", "/Category"],
      ["/CONTACT", "/Contact"],
      ["/termscondition", "/TermsCondition"],
      ["/Main", "/main"],
    ]) {
      const res = await request(app).get(path!);
      expect(res.status, path).toBe(301);
      expect(res.headers.location, path).toBe(canonical);
    }
  });

  it("answers an unknown path with the not-found page and 404", async () => {
    const res = await request(app).get("/no-such-page");
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(h1Of(res.text)).toEqual(["Page not found"]);
    expect(res.text).toContain('href="/"');
  });

  it.each(["/", "/Category", "/no-such-page"])(
    "%s has one inline script, the colour scheme's, first in <head>; otherwise module scripts from our origin and JSON data",
    async (path) => {
      const res = await request(app).get(path);
      const scripts = [...res.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(1);
      const [first, ...rest] = scripts;
      // Before any style, so that the first style the browser applies already has the scheme (a
      // stylesheet before it would also hold it up until it loaded).
      expect(first![0]).toBe(`<script>${SCHEME_SCRIPT}</script>`);
      const at = res.text.indexOf(first![0]);
      expect(at).toBeLessThan(res.text.indexOf("<style"));
      expect(at).toBeLessThan(res.text.indexOf("</head>"));
      expect(res.text.slice(0, at)).not.toMatch(/rel="stylesheet"/);
      // Allowed by that exact text's hash.
      const hash = createHash("sha256").update(first![2]!).digest("base64");
      expect(String(res.headers["content-security-policy"])).toContain(`'sha256-${hash}'`);
      for (const [, attrs, body] of rest) {
        const isModule = /type="module"/.test(attrs!) && /src="\/assets\//.test(attrs!) && body === "";
        const isJson = /type="application\/(ld\+)?json"/.test(attrs!);
        expect(isModule || isJson, attrs).toBe(true);
      }
    },
  );

  it.each([...siteRoutes.map((r) => [r.path, r.id] as const), ["/no-such-page", "not-found"] as const])(
    "%s inlines only its route's rules, allowed by their hash in the CSP, and names the whole sheet for later",
    async (path, routeId) => {
      const res = await request(app).get(path);
      const routeStyle = manifest.routeStyles![routeId]!;
      // The home page: its first screen's rules in <head>, and all its rules just before its
      // first section below the fold (client/PageRules.tsx).
      const styles = [...res.text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
      expect(styles).toEqual(routeStyle.body ? [routeStyle.head, routeStyle.body] : [routeStyle.head]);
      expect(Boolean(routeStyle.body)).toBe(path === "/");
      expect(res.text.indexOf(styles[0]!)).toBeLessThan(res.text.indexOf("</head>"));
      if (styles[1]) {
        const at = res.text.indexOf(`<style id="page-rules">${styles[1]}</style>`);
        expect(at).toBeGreaterThan(res.text.indexOf("<main"));
        expect(at).toBeLessThan(res.text.search(/<section[^>]*class="[^"]*below-fold/));
      }
      const fullCss = readFileSync(`dist/client${manifest.stylesheets[0]}`, "utf8");
      for (const style of styles) expect(style.length).toBeLessThan(fullCss.length * 0.6);
      const hashes = styles.map((style) => `'sha256-${createHash("sha256").update(style).digest("base64")}'`);
      const styleSrc = String(res.headers["content-security-policy"])
        .match(/style-src ([^;]*)/)![1]!
        .split(" ");
      // Its own rules only: the other routes' hashes would be bytes on every response for nothing.
      expect(styleSrc).toEqual(["'self'", ...hashes]);
      // The whole sheet: named for client/stylesheets.ts (linked before the app shows another
      // route) and linked inside <noscript>; never a render-blocking <link> in <head>.
      const late = manifest.stylesheets;
      expect(late).toHaveLength(1);
      const listed = JSON.parse(
        res.text.match(/<script type="application\/json" id="late-stylesheets">([^<]*)<\/script>/)![1]!,
      ) as { hrefs: string[] };
      expect(listed).toEqual({ hrefs: late });
      const head = res.text.slice(0, res.text.indexOf("</head>")).replace(/<noscript>[\s\S]*?<\/noscript>/g, "");
      expect(head).not.toContain('rel="stylesheet"');
      expect(res.text).toMatch(new RegExp(`<noscript><link rel="stylesheet" href="${late[0]}"/>`));
    },
  );

  it("declares two self-hosted typefaces, never waited for: small woff2s, font-display optional, preloaded by every page", async () => {
    const fonts = readdirSync("dist/client/assets").filter((file) => /\.(woff2?|ttf|otf)$/.test(file));
    expect(fonts).toHaveLength(2);
    for (const font of fonts) expect(font).toMatch(/\.woff2$/);
    expect([...manifest.fonts!].sort()).toEqual(fonts.map((font) => `/assets/${font}`).sort());
    const css = readFileSync(`dist/client${manifest.stylesheets[0]}`, "utf8");
    const faces = css.match(/@font-face\s*{[^}]*}/g) ?? [];
    expect(faces).toHaveLength(2);
    // `optional`: a font not there by first layout is not used on that page, so it never moves a line.
    for (const face of faces) expect(face).toMatch(/font-display:\s*optional/);
    for (const path of ["/", "/Contact", "/TermsCondition"]) {
      const res = await request(app).get(path);
      for (const href of manifest.fonts!)
        expect(res.text, path).toContain(
          `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin=""/>`,
        );
    }
  });

  it("loads only the small entry with the page and names the route's chunks for hydration", async () => {
    const res = await request(app).get("/Contact");
    // React announces the entry itself (low priority); nothing else is preloaded.
    const preloads = [...res.text.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads).toEqual([manifest.entry]);
    expect(res.text).toMatch(new RegExp(`<script type="module" src="${manifest.entry}"[^>]*async=""></script>`));
    const listed = JSON.parse(
      res.text.match(/<script type="application\/json" id="hydration-modules">([^<]*)<\/script>/)![1]!,
    ) as string[];
    expect(listed).toContain(manifest.routes.contact![0]);
    expect(listed).not.toContain(manifest.routes.home![0]);
    expect(listed).not.toContain(manifest.entry);
  });

  it("renders the shared layout: landmarks, skip link, menu, Get Started Now", async () => {
    const res = await request(app).get("/main");
    expect(res.text).toContain('<a class="skip-link" href="#main">Skip to content</a>');
    expect(res.text).toMatch(/<nav aria-label="Main"/);
    expect(res.text).toMatch(/<main id="main"/);
    expect(res.text).toMatch(/<footer/);
    expect(res.text).toMatch(/<a[^>]+href="https:\/\/app\.example\.com"[^>]*>Get Started Now/);
    for (const label of ["Home", "About Us", "Services", "Category", "Contact Us"])
      expect(res.text).toContain(`>${label}</a>`);
    for (const text of ["Let&#x27;s Talk", "Get In Touch", "Useful Links", "Company", "Our Service", "© 2025 "]) {
      expect(res.text).toContain(text);
    }
    for (const anchor of ["/Category#whychooseus", "/#futurescope", "/#articles", "/main#certificate", "/#ourclient"]) {
      expect(res.text).toContain(`href="${anchor}"`);
    }
  });
});
