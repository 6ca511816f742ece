import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newPage, viewports, waitForHydration, watchConsole } from "../../scripts/harness/browser.ts";
import { siteRoutes } from "../../shared/site.ts";
import { browserAndServer } from "../helpers/e2e.ts";

// A keyboard-only visitor's walk: Tab from the top of every route to the end of its page, at 375
// and 1280 px. Every stop must be on screen, not covered by anything (the sticky header, the
// scroll-to-top button, a toast) and drawn with a focus ring; the walk must reach the footer, and
// never stall on one element (a trap).

const e2e = browserAndServer();
const MAX_STOPS = 250;

interface Stop {
  name: string;
  /** The element itself, numbered on first focus: two links of one text (the privacy policy names
   * its e-mail address twice) are two stops, the same element twice is a stall. */
  key: number;
  onScreen: boolean;
  unobscured: boolean;
  ring: boolean;
  inFooter: boolean;
}

/** Where focus is now, and whether a visitor can see it. */
const stopOf = (page: Page) =>
  page.evaluate((): Stop | undefined => {
    const el = document.activeElement;
    if (!el || el === document.body) return undefined;
    const r = el.getBoundingClientRect();
    const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    const style = getComputedStyle(el);
    const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
    const w = window as unknown as { stopKeys?: WeakMap<Element, number>; stopCount?: number };
    w.stopKeys ??= new WeakMap();
    if (!w.stopKeys.has(el)) w.stopKeys.set(el, (w.stopCount = (w.stopCount ?? 0) + 1));
    return {
      name,
      key: w.stopKeys.get(el)!,
      onScreen:
        r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth,
      unobscured: hit !== null && (hit === el || el.contains(hit)),
      ring: (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none",
      inFooter: el.closest("footer") !== null,
    };
  });

describe("keyboard walk", () => {
  for (const [width, viewport] of Object.entries(viewports)) {
    it(`every focus stop of every route at ${viewport.width} px is on screen, unobscured and ringed`, async () => {
      const { context, page } = await newPage(e2e.browser, viewport);
      const problems = watchConsole(page);
      const found: string[] = [];
      let stops = 0;
      try {
        for (const { path } of siteRoutes) {
          await page.goto(e2e.server.url + path);
          await waitForHydration(page);
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          let previous = 0;
          let reachedFooter = false;
          for (let i = 0; i < MAX_STOPS; i++) {
            await page.keyboard.press("Tab");
            // Focus scrolls its element into view, smoothly where the page or a carousel scrolls so:
            // the stop is judged once it is in view and at rest (the same box two frames running),
            // or after 2 s if it never gets there.
            await page
              .waitForFunction(
                () => {
                  const r = document.activeElement?.getBoundingClientRect();
                  const box = r ? `${Math.round(r.left)},${Math.round(r.top)}` : "";
                  const w = window as unknown as { lastFocusBox?: string };
                  const still = w.lastFocusBox === box;
                  w.lastFocusBox = box;
                  const inView =
                    !r || (r.left >= -1 && r.right <= innerWidth + 1 && r.top >= -1 && r.bottom <= innerHeight + 1);
                  return still && inView;
                },
                undefined,
                { timeout: 2_000, polling: "raf" },
              )
              .catch(() => {});
            const stop = await stopOf(page);
            if (!stop) break; // Past the last stop: focus left the document.
            stops++;
            if (stop.key === previous) found.push(`${path} ${width}: focus stuck on ${stop.name}`);
            previous = stop.key;
            reachedFooter ||= stop.inFooter;
            if (!stop.onScreen) found.push(`${path} ${width}: off screen: ${stop.name}`);
            else if (!stop.unobscured) found.push(`${path} ${width}: covered: ${stop.name}`);
            if (!stop.ring) found.push(`${path} ${width}: no focus ring: ${stop.name}`);
            if (reachedFooter && !stop.inFooter) break; // Back to the top after the footer.
          }
          if (!reachedFooter) found.push(`${path} ${width}: the walk never reached the footer`);
        }
        console.log(`keyboard walk at ${viewport.width} px: ${stops} focus stops over ${siteRoutes.length} routes`);
        expect(found).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
