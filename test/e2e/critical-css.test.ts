// Each page inlines the rules it uses (scripts/lib/usedCss.ts), so it needs no stylesheet
// request. The home page, whose head and first screen must fit the first round trip, inlines in
// <head> only what its first screen uses (everything before the first section marked
// below-fold) and all its rules just before that section (client/PageRules.tsx). Both must style the page
// exactly as the whole stylesheet alone does: the head's rules the first screen, since it may
// paint before the rest has been parsed, and the page's rules every element, in the cascade
// order of the whole sheet. And what is marked below the fold must really start below it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { siteRoutes } from "../../shared/site.ts";
import { newPage, viewports, waitForHydration, watchConsole } from "../../scripts/harness/browser.ts";
import { browserAndServer } from "../helpers/e2e.ts";

const e2e = browserAndServer();

const LATE_STYLESHEET = /\/assets\/entry\.client-[^/]+\.css$/;

/** Every element's computed style, as read by computedStyles. */
interface Styles {
  /** The properties read, in order: the browser's list, the same for every element and pseudo-element. */
  names: string[];
  /**
   * One string per element: its values, then its ::before's and its ::after's, each a list in
   * the order of `names` (PART and VALUE separate them).
   */
  elements: string[];
}

const PART = "\u001e";
const VALUE = "\u001f";

/**
 * The computed style (and its ::before and ::after) of every element; with `firstScreen`, only
 * those before the first element marked below-fold, but its ancestors (their height is that of
 * everything below the fold too). Style elements are left out (the variants differ in them), and
 * so are custom properties: the inlined rules drop the ones nothing on the page reads (the
 * toasts' palette), which change nothing on screen. A ::before or ::after whose content is none
 * (or normal, which computes to none for them) is not generated at all: no box, nothing inherits
 * from it, so its other properties cannot show; it is read as its content alone, which still
 * tells it from one the other variant generates. The values are read in one pass in the page
 * and sent as one string per element, the names once.
 */
function computedStyles(page: Page, firstScreen: boolean): Promise<Styles> {
  return page.evaluate(
    ({ firstScreen, PART, VALUE }) => {
      const fold = firstScreen ? document.querySelector(".below-fold") : null;
      const elements = [...document.querySelectorAll("body *:not(style)")].filter((element) => {
        if (!fold) return true;
        const position = fold.compareDocumentPosition(element);
        return position & Node.DOCUMENT_POSITION_PRECEDING && !(position & Node.DOCUMENT_POSITION_CONTAINS);
      });
      const names = Array.from(getComputedStyle(document.body)).filter((name) => !name.startsWith("--"));
      const values = (style: CSSStyleDeclaration) => names.map((name) => style.getPropertyValue(name)).join(VALUE);
      return {
        names,
        elements: elements.map((element) =>
          [
            values(getComputedStyle(element)),
            ...["::before", "::after"].map((pseudo) => {
              const style = getComputedStyle(element, pseudo);
              const content = style.getPropertyValue("content");
              return content === "none" || content === "normal" ? `content:${content}` : values(style);
            }),
          ].join(PART),
        ),
      };
    },
    { firstScreen, PART, VALUE },
  );
}

/**
 * Which rules style the page: "head" its <head>'s inlined rules alone (what the first paint may
 * have), "inlined" every inlined rule as served, "sheet" the whole stylesheet alone.
 */
type Rules = "head" | "inlined" | "sheet";

/**
 * The two pages without JavaScript (so nothing changes them after the server) that a test's two
 * variants load side by side. Each load replaces the page's document, and with routes in place
 * the browser caches nothing; a new context for every variant only started a browser process.
 */
let pages: Page[] = [];
beforeAll(async () => {
  pages = await Promise.all(
    [0, 1].map(
      async () =>
        (await newPage(e2e.browser, viewports.mobile, { javaScriptEnabled: false, reducedMotion: "reduce" })).page,
    ),
  );
});
afterAll(() => Promise.all(pages.map((page) => page.context().close())));

/** The page without JavaScript, on the test's `which` page, its styles once settled. */
async function stylesWith(
  which: 0 | 1,
  rules: Rules,
  path: string,
  viewport: { width: number; height: number },
  firstScreen: boolean,
) {
  const page = pages[which]!;
  await page.setViewportSize(viewport);
  try {
    // Without JavaScript the page links the whole stylesheet in <noscript>: refused unless it is
    // the variant, and then the inline rules are taken out of the page.
    if (rules !== "sheet") await page.route(LATE_STYLESHEET, (route) => route.abort());
    // The typeface's `font-display: optional` uses the font only if it arrives within the first
    // 100 ms, and with routes in place it is fetched anew for every load: on a busy machine one
    // variant would be set in the fallback face and the other not. Both variants go without it,
    // so what differs is the rules, never the font's timing.
    await page.route(/\.woff2$/, (route) => route.abort());
    await page.route(
      (url) => url.pathname === new URL(e2e.server.url + path).pathname,
      async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        const [head, body] = [html.slice(0, html.indexOf("</head>")), html.slice(html.indexOf("</head>"))];
        const noStyle = (text: string) => text.replace(/<style[^>]*>[\s\S]*?<\/style>/g, "");
        const served = rules === "sheet" ? noStyle(html) : rules === "head" ? head + noStyle(body) : html;
        await route.fulfill({ response, body: served });
      },
    );
    // Settled at the load event: without scripting the browser loads no picture lazily, so every
    // one is part of it (as the stylesheets are), and nothing changes the layout while the styles
    // of hundreds of elements are read. Checked, so a browser that did otherwise fails here.
    await page.goto(e2e.server.url + path, { waitUntil: "load" });
    const pending = await page.evaluate(() =>
      [...document.images].filter((image) => !image.complete).map((image) => image.src),
    );
    expect(pending, "pictures still loading at the load event").toEqual([]);
    // The faces' loads (refused above) settle on their own clock, not the load event's: read once
    // every face in use has failed over to its fallback, so a face still pending in one variant
    // never sets its text apart (the footer's contact row moved by a few pixels, twice in CI).
    await page.evaluate(() => document.fonts.ready);
    return await computedStyles(page, firstScreen);
  } finally {
    await page.unrouteAll({ behavior: "wait" });
  }
}

/** "element i: property:value; …" for each element whose style differs from the whole sheet's. */
function differences(styles: Styles, sheet: Styles): string[] {
  const declarations = (element: string) =>
    element.split(PART).flatMap((part, i) => {
      const pseudo = ["", "::before ", "::after "][i];
      if (part.startsWith("content:")) return [`${pseudo}${part}`];
      return part.split(VALUE).map((value, j) => `${pseudo}${sheet.names[j]}:${value}`);
    });
  return styles.elements.flatMap((style, i) => {
    if (style === sheet.elements[i]) return [];
    const wanted = new Set(declarations(sheet.elements[i]!));
    const extra = declarations(style)
      .filter((d) => !wanted.has(d))
      .slice(0, 4);
    return [`element ${i}: ${extra.join("; ")}`];
  });
}

describe("critical CSS", () => {
  const paths = [...siteRoutes.map((route) => route.path), "/no-such-page"];
  for (const [name, viewport] of Object.entries(viewports)) {
    it.each(paths)(
      `%s at ${name} width looks the same with its inlined rules as with the whole sheet alone`,
      async (path) => {
        const [inlined, sheet] = await Promise.all([
          stylesWith(0, "inlined", path, viewport, false),
          stylesWith(1, "sheet", path, viewport, false),
        ]);
        expect(inlined.elements.length).toBeGreaterThan(50);
        expect(inlined.elements.length).toBe(sheet.elements.length);
        expect(inlined.names).toEqual(sheet.names);
        expect(differences(inlined, sheet)).toEqual([]);
      },
    );

    it(`/ at ${name} width shows its first screen with its head's rules alone as with the whole sheet`, async () => {
      const [head, sheet] = await Promise.all([
        stylesWith(0, "head", "/", viewport, true),
        stylesWith(1, "sheet", "/", viewport, true),
      ]);
      expect(head.elements.length).toBeGreaterThan(50);
      expect(head.names).toEqual(sheet.names);
      expect(differences(head, sheet)).toEqual([]);
    });
  }

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

  it.each(["/", "/Category"])("%s requests no stylesheet until the app shows another route", async (path) => {
    const { context, page } = await newPage(e2e.browser, viewports.mobile);
    const problems = watchConsole(page);
    await page.goto(e2e.server.url + path);
    await waitForHydration(page);
    const timeline = await page.evaluate(() => {
      const resources = performance.getEntriesByType("resource").filter((r) => r instanceof PerformanceResourceTiming);
      const of = (pattern: RegExp) => resources.filter((r) => pattern.test(new URL(r.name).pathname));
      return {
        paint: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
        lateCss: of(/\/assets\/entry\.client-[^/]+\.css$/).map((r) => ({ start: r.startTime, end: r.responseEnd })),
        chunks: of(/\/assets\/chunk-[^/]+\.js$/).map((r) => r.startTime),
      };
    });
    expect(timeline.chunks.length).toBeGreaterThan(0);
    // Every page inlines all the rules it uses: the whole sheet waits for another route.
    expect(timeline.lateCss).toHaveLength(0);
    await page.locator('a[href="/Contact"]:visible').first().click();
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe("/Contact");
    expect(
      await page.evaluate(() => document.querySelectorAll('link[rel="stylesheet"][href*="entry.client"]').length),
    ).toBe(1);
    await context.close();
    expect(problems).toEqual([]);
  });
});
