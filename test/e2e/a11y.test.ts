import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { siteRoutes } from "../../shared/site.ts";
import { newPage, viewports, waitForHydration, watchConsole } from "../../scripts/harness/browser.ts";
import { sideBySide } from "../../scripts/harness/sideBySide.ts";
import { browserAndServer } from "../helpers/e2e.ts";

// axe is evaluated from its source: the CSP blocks addScriptTag, and this is faster than AxeBuilder.
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Scrolls through the page so scroll-in content is revealed as a visitor would see it, waits for
 * the transitions that started, then scrolls through once more: a section scrolled away
 * mid-fade is skipped by the browser (content-visibility) and keeps its mid-fade style, and
 * axe, reading computed styles, would measure contrast there. The second pass renders every
 * section as it now looks, as a visitor scrolling back would see it.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
    // The page's scroll-in reveals follow the browser's intersection reports, which go out in a
    // task after each frame, every observer's in the same one. A new observer's first report
    // comes after those of every position scrolled through so far; the task it was delivered in
    // (the page's own reports of that frame with it) is over at the next task.
    const reported = () =>
      new Promise<void>((resolve) => {
        const observer = new IntersectionObserver(() => {
          observer.disconnect();
          setTimeout(resolve);
        });
        observer.observe(document.documentElement);
      });
    const scrollThrough = async () => {
      const step = Math.max(200, window.innerHeight / 2);
      for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
        window.scrollTo(0, y);
        await frame();
      }
      window.scrollTo(0, 0);
      await reported();
    };
    await scrollThrough();
    // Time-based animations that end; scroll-driven ones (the tab row's edge fades) follow the
    // scroll position and never finish. Their time is read, not their finished promise, which
    // a skipped section settles only once it is rendered again.
    const ending = document
      .getAnimations()
      .filter((a) => a.timeline instanceof DocumentTimeline && a.effect?.getComputedTiming().iterations !== Infinity);
    const over = (a: Animation) =>
      a.playState !== "running" || Number(a.currentTime) >= Number(a.effect?.getComputedTiming().endTime);
    while (!ending.every(over)) await frame();
    await scrollThrough();
  });
}

/** `scope`: a selector to check alone (default: the whole document). */
async function axeViolations(page: Page, scope?: string): Promise<string[]> {
  await settle(page);
  // Once per document: the page keeps it until it navigates.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: Document | Element, opts: object): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const context = selector ? document.querySelector(selector)! : document;
    const result = await axe.run(context, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(" ")),
    }));
  }, scope);
  return violations.map((v) => `${v.impact} ${v.id}: ${v.help} -> ${v.nodes.slice(0, 5).join(" | ")}`);
}

/** The states the gate also checks: open menu (mobile), an open accordion panel, a second tab. */
async function interact(page: Page, mobile: boolean): Promise<string[]> {
  const found: string[] = [];
  const panelButton = page.locator("main button[aria-expanded='false'][aria-controls]").first();
  if (await panelButton.count()) {
    await panelButton.click();
    found.push(...(await axeViolations(page)).map((v) => `[accordion open] ${v}`));
  }
  const secondTab = page.locator("main [role='tablist'] [role='tab']").nth(1);
  if (await secondTab.count()) {
    await secondTab.click();
    found.push(...(await axeViolations(page)).map((v) => `[second tab] ${v}`));
  }
  if (mobile) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Close menu" }).waitFor({ state: "visible" });
    // The open drawer itself: the page behind it is dimmed by its backdrop on purpose (and was
    // checked above, undimmed); its text would fail contrast only for being covered.
    found.push(...(await axeViolations(page, "nav.main-nav")).map((v) => `[menu open] ${v}`));
    await page.keyboard.press("Escape");
  }
  return found;
}

const e2e = browserAndServer();

/** Routes are checked on this many pages side by side: most of a route's time is spent waiting for its transitions. */
const PAGES = 3;

describe("axe-core: zero violations", () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    it(`every route at ${viewport.width} px, hydrated and after interaction, with a clean console`, async () => {
      const routes = [...siteRoutes.map((r) => r.path), "/no-such-page"];
      const pages = await Promise.all(
        Array.from({ length: PAGES }, async () => {
          const { page } = await newPage(e2e.browser, viewport);
          return { page, problems: watchConsole(page) };
        }),
      );
      try {
        const found = await sideBySide(routes, PAGES, async (route, lane) => {
          const { page } = pages[lane]!;
          await page.goto(e2e.server.url + route);
          await waitForHydration(page);
          const violations = [...(await axeViolations(page)), ...(await interact(page, name === "mobile"))];
          return violations.map((v) => `${route} ${v}`);
        });
        expect(found.flat()).toEqual([]);
      } finally {
        await Promise.all(pages.map(({ page }) => page.context().close()));
      }
      // The 404 page's own document request is the only expected failure-status response.
      const console = pages.flatMap(({ problems }) => problems);
      expect(console.filter((c) => !c.includes("404 (Not Found)"))).toEqual([]);
    });
  }
});
