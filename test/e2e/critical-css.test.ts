// Each page inlines only the rules its first screen uses (scripts/lib/usedCss.ts: everything
// before the first section marked below-fold, which only the home page has) and links the rest
// after its first paint (client/entry.client.tsx). The inlined rules must style that first
// screen exactly as the whole stylesheet does, or the visitor would see it change when the rest
// arrives; and what is marked below the fold must really start below it.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { siteRoutes } from "../../shared/site.ts";
import { newPage, viewports, waitForHydration, watchConsole } from "../helpers/browser.ts";
import { browserAndServer } from "../helpers/e2e.ts";

const e2e = browserAndServer();

const LATE_STYLESHEET = /\/assets\/entry\.client-[^/]+\.css$/;

/**
 * The computed style (and its ::before and ::after) of every element of the first screen, as
 * one string per element: all of them up to the first element marked below-fold, but its
 * ancestors (their height is that of everything below the fold too). Custom properties are
 * left out: the inlined rules drop the ones nothing on the page reads (the toasts' palette),
 * and a property nothing reads changes nothing on screen.
 */
function computedStyles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const fold = document.querySelector(".below-fold");
    const firstScreen = [...document.querySelectorAll("body *")].filter((element) => {
      if (!fold) return true;
      const position = fold.compareDocumentPosition(element);
      return position & Node.DOCUMENT_POSITION_PRECEDING && !(position & Node.DOCUMENT_POSITION_CONTAINS);
    });
    return firstScreen.map((element) =>
      [null, "::before", "::after"]
        .map((pseudo) => {
          const style = getComputedStyle(element, pseudo);
          return Array.from(style)
            .filter((name) => !name.startsWith("--"))
            .map((name) => `${name}:${style.getPropertyValue(name)}`)
            .join(";");
        })
        .join("|"),
    );
  });
}

/** The page without JavaScript (so nothing changes it after the server), its styles once settled. */
async function stylesWithoutScript(path: string, viewport: { width: number; height: number }, lateCss: boolean) {
  const { context, page } = await newPage(e2e.browser, viewport, { javaScriptEnabled: false, reducedMotion: "reduce" });
  try {
    // Without JavaScript the page links the whole stylesheet in <noscript>: refused here, only the
    // inlined rules apply.
    if (!lateCss) await page.route(LATE_STYLESHEET, (route) => route.abort());
    await page.goto(e2e.server.url + path, { waitUntil: "load" });
    return await computedStyles(page);
  } finally {
    await context.close();
  }
}

describe("critical CSS", () => {
  const paths = [...siteRoutes.map((route) => route.path), "/no-such-page"];
  for (const [name, viewport] of Object.entries(viewports))
    it.each(paths)(`%s at ${name} width looks the same with only its inlined rules as with all`, async (path) => {
      const [inlinedOnly, all] = await Promise.all([
        stylesWithoutScript(path, viewport, false),
        stylesWithoutScript(path, viewport, true),
      ]);
      expect(inlinedOnly.length).toBeGreaterThan(50);
      const differing = inlinedOnly.flatMap((style, i) => {
        if (style === all[i]) return [];
        const wanted = new Set(all[i]!.split(/[;|]/));
        return [
          `element ${i}: ${style
            .split(/[;|]/)
            .filter((d) => !wanted.has(d))
            .slice(0, 4)
            .join("; ")}`,
        ];
      });
      expect(differing).toEqual([]);
    });

  for (const viewport of [viewports.mobile, viewports.desktop, { width: 1920, height: 1080 }])
    it(`puts nothing marked below the fold in the first screen at ${viewport.width}x${viewport.height}`, async () => {
      const { context, page } = await newPage(e2e.browser, viewport, { javaScriptEnabled: false });
      await page.goto(e2e.server.url + "/", { waitUntil: "load" });
      const tops = await page.evaluate(() =>
        [...document.querySelectorAll(".below-fold")].map((section) => section.getBoundingClientRect().top),
      );
      await context.close();
      expect(tops.length).toBeGreaterThan(0);
      expect(Math.min(...tops)).toBeGreaterThanOrEqual(viewport.height);
    });

  it.each(["/", "/Category"])(
    "%s requests nothing but the page before its first paint, and the whole sheet only where it needs it",
    async (path) => {
      const { context, page } = await newPage(e2e.browser, viewports.mobile);
      const problems = watchConsole(page);
      await page.goto(e2e.server.url + path);
      await waitForHydration(page);
      const timeline = await page.evaluate(() => {
        const resources = performance
          .getEntriesByType("resource")
          .filter((r) => r instanceof PerformanceResourceTiming);
        const of = (pattern: RegExp) => resources.filter((r) => pattern.test(new URL(r.name).pathname));
        return {
          paint: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
          lateCss: of(/\/assets\/entry\.client-[^/]+\.css$/).map((r) => ({ start: r.startTime, end: r.responseEnd })),
          chunks: of(/\/assets\/chunk-[^/]+\.js$/).map((r) => r.startTime),
        };
      });
      expect(timeline.chunks.length).toBeGreaterThan(0);
      if (path === "/") {
        // The home page inlines its first screen's rules: the rest follows the paint, before React.
        expect(timeline.lateCss).toHaveLength(1);
        expect(timeline.lateCss[0]!.start).toBeGreaterThanOrEqual(timeline.paint);
        for (const start of timeline.chunks) expect(start).toBeGreaterThanOrEqual(timeline.lateCss[0]!.end);
      } else {
        // Any other page inlines all the rules it uses: the whole sheet waits for another route.
        expect(timeline.lateCss).toHaveLength(0);
        await page.locator('a[href="/Contact"]:visible').first().click();
        await expect.poll(() => page.evaluate(() => location.pathname)).toBe("/Contact");
        expect(
          await page.evaluate(() => document.querySelectorAll('link[rel="stylesheet"][href*="entry.client"]').length),
        ).toBe(1);
      }
      await context.close();
      expect(problems).toEqual([]);
    },
  );
});
