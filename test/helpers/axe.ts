// axe-core in a page, as the browser tests run it: the page is scrolled through first so that
// what reveals itself on scroll is measured as a visitor sees it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

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
export async function settle(page: Page): Promise<void> {
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
export async function axeViolations(page: Page, scope?: string): Promise<string[]> {
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
