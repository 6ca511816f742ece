import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { newPage, waitForHydration } from "../harness/browser.ts";
import { sideBySide } from "../harness/sideBySide.ts";

/**
 * docs/architecture.md "Performance": gzip bytes a route may load, as a phone loads it. Before the page is
 * idle only the small entry may run (React and the page hydrate after); everything together,
 * until the network is quiet, stays under the route's total.
 */
export const budgets = {
  jsBeforeIdle: 60 * 1024,
  /**
   * A route's scripts until the network is quiet: a fixed part (React 19, its DOM and the router
   * are 103 KB of every route; the app shell and a page's code about 7 more) plus a part per
   * piece of content it shows (CARDS), since each card's data rides in the page's chunk. Measured
   * 2026-11-25: 0.27 KB per item between /main (8 items, 110.3 KB) and /Category (28, 115.8 KB);
   * an article costs about 0.3 KB. So adding articles or cards needs no budget edit, while code
   * that grows a page without content shows at once. Never past the ceilings of docs/product.md
   * ("First-load bytes"), which content cannot buy: 125 KB on /, 118 KB elsewhere (raised from
   * 115 when /Category reached 115.5 KB).
   */
  routeJsFixed: 112 * 1024,
  jsPerItem: 256,
  homeJsCeiling: 125 * 1024,
  routeJsCeiling: 118 * 1024,
  css: 30 * 1024,
  /**
   * Fonts a route fetches (woff2, already compressed): the two subset faces, 11 KB of sans and 15
   * KB of display serif (issue 35). A page waits for neither (font-display: optional), but they
   * share the phone's first second of bandwidth with the hero: measured with Lighthouse before and
   * after the serif (docs/architecture.md "Loading").
   */
  fonts: 28 * 1024,
  /**
   * A page's headers and first screen on the wire (test/server/first-round-trip.test.ts): TCP's
   * initial congestion window, 10 segments of 1,460 bytes (RFC 6928). Past it the first screen
   * needs another round trip before it can paint (docs/decisions/013).
   */
  firstRoundTrip: 10 * 1460,
} as const;

export interface RouteLoad {
  path: string;
  /** Scripts requested before the load event ended (what competes with the first render). */
  jsBeforeIdle: number;
  /** Every script requested until the network went quiet (hydration, field metrics). */
  jsUntilIdle: number;
  scripts: number;
  /** Inline <style> and linked stylesheets of the page. */
  cssGzip: number;
  /** Font files the page fetched (bytes of the built files). */
  fontBytes: number;
  /** Cards and list entries the page shows (CARDS): its data rides in the page's scripts. */
  items: number;
  jsBudget: number;
}

/** What counts as one piece of content (an article, an agent, a service, a section of terms). */
const CARDS = "main :is(li, article, details)";

/** The phone Lighthouse emulates (mobile preset). */
const MOBILE = { width: 412, height: 823 };
/** The network counts as quiet once no new script was requested for this long. */
const QUIET_MS = 1500;
/** The build's files, as the server sends them. */
const clientDir = "dist/client";
/** Routes measured at once. */
const PAGES = 4;

/** Level 9, as the build precompresses what the server sends. */
function gzipSize(url: string): number {
  const file = join(clientDir, new URL(url, "http://x").pathname.replace(/^\//, ""));
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * Loads each path in real Chromium at a phone's size and sums the gzip size of every script it
 * fetched: those requested before the load event, and all of them until no new script came for
 * QUIET_MS after hydration. Sizes come from the build's files, so the figure does not depend on
 * which encoding the browser negotiated.
 */
export async function measureRouteLoads(
  browser: Browser,
  baseUrl: string,
  paths: readonly string[],
): Promise<RouteLoad[]> {
  // Several pages side by side: most of a route's time is the quiet window, and what a page
  // requests does not depend on how busy the machine is.
  return sideBySide(paths, PAGES, (path) => measureRoute(browser, baseUrl, path));
}

async function measureRoute(browser: Browser, baseUrl: string, path: string): Promise<RouteLoad> {
  const { context, page } = await newPage(browser, MOBILE, { isMobile: true, hasTouch: true });
  try {
    await page.goto(baseUrl + path, { waitUntil: "load" });
    await waitForHydration(page);
    const read = () =>
      page.evaluate((cards) => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const fetched = performance
          .getEntriesByType("resource")
          .map((r) => ({ url: new URL(r.name).pathname, start: r.startTime }));
        const scripts = fetched.filter((r) => r.url.endsWith(".js"));
        const fonts = fetched.filter((r) => r.url.endsWith(".woff2")).map((r) => r.url);
        const styles = [...document.querySelectorAll("head style")].map((s) => s.textContent ?? "");
        const links = [...document.querySelectorAll<HTMLLinkElement>('head link[rel="stylesheet"]')].map(
          (l) => new URL(l.href).pathname,
        );
        return {
          load: nav.loadEventEnd,
          scripts,
          fonts,
          styles,
          links,
          items: document.querySelectorAll(cards).length,
        };
      }, CARDS);
    let seen = -1;
    let state = await read();
    while (state.scripts.length !== seen) {
      seen = state.scripts.length;
      await page.waitForTimeout(QUIET_MS);
      state = await read();
    }
    const unique = new Map(state.scripts.map((s) => [s.url, s.start]));
    const sizeOf = (urls: string[]) => urls.reduce((sum, url) => sum + gzipSize(url), 0);
    return {
      path,
      jsBeforeIdle: sizeOf([...unique].filter(([, start]) => start < state.load).map(([url]) => url)),
      jsUntilIdle: sizeOf([...unique.keys()]),
      scripts: unique.size,
      fontBytes: [...new Set(state.fonts)].reduce(
        (sum, url) => sum + statSync(join(clientDir, url.replace(/^\//, ""))).size,
        0,
      ),
      cssGzip: state.styles.reduce((sum, css) => sum + gzipSync(css, { level: 9 }).length, 0) + sizeOf(state.links),
      items: state.items,
      jsBudget: Math.min(
        budgets.routeJsFixed + budgets.jsPerItem * state.items,
        path === "/" ? budgets.homeJsCeiling : budgets.routeJsCeiling,
      ),
    };
  } finally {
    await context.close();
  }
}

export function formatLoads(rows: RouteLoad[]): string {
  const kb = (n: number) => (n / 1024).toFixed(1);
  const lines = [
    "| route | scripts | items | JS before idle KB (budget) | JS until network idle KB (budget) | CSS KB (budget) | font KB (budget) |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const r of rows)
    lines.push(
      `| ${r.path} | ${r.scripts} | ${r.items} | ${kb(r.jsBeforeIdle)} (${kb(budgets.jsBeforeIdle)}) | ${kb(r.jsUntilIdle)} (${kb(r.jsBudget)}) | ${kb(r.cssGzip)} (${kb(budgets.css)}) | ${kb(r.fontBytes)} (${kb(budgets.fonts)}) |`,
    );
  return lines.join("\n");
}
