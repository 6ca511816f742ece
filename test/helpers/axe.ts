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
 *
 * With `within` (a selector), only the stretch of the page that element spans is scrolled
 * through (from a viewport above it to its bottom), for a page already settled whole: what an
 * interaction inside that element changed. The rest stays as the whole settle left it: a reveal
 * happens once (client/reveal.ts), and nothing outside was animating. On the home page a
 * whole settle is about 50 frames of a 12,000 px page, about 3 s on a busy runner.
 */
export async function settle(page: Page, within?: string): Promise<void> {
  await page.evaluate(async (within) => {
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
    const stretch = () => {
      const element = within ? document.querySelector(within) : null;
      if (within && !element) throw new Error(`settle: nothing matches ${within}`);
      if (!element) return { from: 0, to: document.documentElement.scrollHeight };
      const box = element.getBoundingClientRect();
      return { from: Math.max(0, box.top + scrollY - innerHeight), to: box.bottom + scrollY };
    };
    const scrollThrough = async () => {
      const step = Math.max(200, window.innerHeight / 2);
      const { from, to } = stretch();
      for (let y = from; y <= to; y += step) {
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
  }, within);
}

/**
 * `scope`: a selector to check alone (default: the whole document). `settleWithin`: a selector
 * of the part of an already settled page that changed (settle's `within`); the check itself
 * still covers `scope`.
 */
export async function axeViolations(page: Page, scope?: string, settleWithin?: string): Promise<string[]> {
  await settle(page, settleWithin);
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
