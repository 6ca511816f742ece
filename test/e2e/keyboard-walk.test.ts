import { describe, expect, it } from "vitest";
import { errors, type Page } from "playwright-core";
import { newPage, viewports, waitForHydration, watchConsole } from "../../scripts/harness/browser.ts";
import { siteRoutes } from "../../shared/site.ts";
import { browserAndServer } from "../helpers/e2e.ts";

// A keyboard-only visitor's walk: Tab from the top of every route to the end of its page, at 375
// and 1280 px, once the route has loaded and hydrated with one h1 and no console error, failed
// request or hydration warning. Every stop must be on screen, not covered by anything (the sticky
// header, the scroll-to-top button, a toast) and drawn with a focus ring; the walk must reach the
// footer, and never stall on one element (a trap).

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
  /** Where it was, for a failure's message: the boxes from it up to its section (each with its
   * previous sibling's), its top and bottom, the viewport's height, the page's scroll and height,
   * and the fonts' state. */
  where: string;
}

/**
 * Where focus is now, and whether a visitor can see it (runs in the page: self-contained). With
 * `untilResting`, false until the focused element is in view and at rest (the same box two frames
 * running): a smooth scroll bringing it into view is over. "No stop" (focus left the document) is
 * `{ stop: undefined }`, so it is an answer too.
 */
function focusState(untilResting: boolean): { stop: Stop | undefined } | false {
  const el = document.activeElement;
  const r = el?.getBoundingClientRect();
  const boxesUp = (from: Element): string => {
    const parts: string[] = [];
    for (let e: Element | null = from; e && e.tagName !== "SECTION" && e !== document.body; e = e.parentElement) {
      const b = e.getBoundingClientRect();
      const p = e.previousElementSibling?.getBoundingClientRect();
      parts.push(
        `${e.tagName.toLowerCase()}.${e.classList[0] ?? ""} ${Math.round(b.top)}+${Math.round(b.height)}${p ? ` after ${Math.round(p.top)}+${Math.round(p.height)}` : ""}`,
      );
    }
    return parts.join(" < ");
  };
  if (untilResting) {
    const box = r ? `${Math.round(r.left)},${Math.round(r.top)}` : "";
    const w = window as unknown as { lastFocusBox?: string };
    const still = w.lastFocusBox === box;
    w.lastFocusBox = box;
    const inView = !r || (r.left >= -1 && r.right <= innerWidth + 1 && r.top >= -1 && r.bottom <= innerHeight + 1);
    if (!still || !inView) return false;
  }
  if (!el || !r || el === document.body) return { stop: undefined };
  const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
  const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
  const hit = document.elementFromPoint(x, y);
  const style = getComputedStyle(el);
  const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
  const w = window as unknown as { stopKeys?: WeakMap<Element, number>; stopCount?: number };
  w.stopKeys ??= new WeakMap();
  if (!w.stopKeys.has(el)) w.stopKeys.set(el, (w.stopCount = (w.stopCount ?? 0) + 1));
  return {
    stop: {
      name,
      key: w.stopKeys.get(el)!,
      onScreen:
        r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth,
      unobscured: hit !== null && (hit === el || el.contains(hit)),
      ring: (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none",
      inFooter: el.closest("footer") !== null,
      // The boxes from the element up to its section, and each one's previous sibling: what moved.
      where: `boxes ${boxesUp(el)}, top ${Math.round(r.top)}, bottom ${Math.round(r.bottom)} in ${innerHeight}, scrollY ${Math.round(scrollY)}, fonts ${[...document.fonts].map((f) => `${f.family} ${f.status}`).join(", ")}, page ${document.documentElement.scrollHeight} px`,
    },
  };
}

/**
 * The stop once it is in view and at rest, read in the frame that found it so (one round trip to
 * the page per stop, not two), or after `timeout` ms as it is, wherever it got to.
 */
async function restingStop(page: Page, timeout: number): Promise<Stop | undefined> {
  const resting = await page
    .waitForFunction(focusState, true, { timeout, polling: "raf" })
    .then((handle) => handle.jsonValue() as Promise<{ stop: Stop | undefined }>)
    .catch((error: unknown) => {
      if (error instanceof errors.TimeoutError) return undefined;
      throw error;
    });
  const state = resting ?? (await page.evaluate(focusState, false));
  if (!state) throw new Error("focusState answered false without untilResting");
  return state.stop;
}

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
          // Every route loads and hydrates with one h1 (and, checked at the end, a clean console).
          expect(await page.locator("h1").count(), path).toBe(1);
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          let previous = 0;
          let lastWhere = "none";
          let reachedFooter = false;
          for (let i = 0; i < MAX_STOPS; i++) {
            await page.keyboard.press("Tab");
            // Focus scrolls its element into view, smoothly where the page or a carousel scrolls so:
            // the stop is judged once it is in view and at rest, or after 2 s if it never gets there.
            const stop = await restingStop(page, 2_000);
            if (!stop) break; // Past the last stop: focus left the document.
            stops++;
            const before = lastWhere;
            lastWhere = stop.where;
            if (stop.key === previous) found.push(`${path} ${width}: focus stuck on ${stop.name}`);
            previous = stop.key;
            reachedFooter ||= stop.inFooter;
            if (!stop.onScreen)
              found.push(`${path} ${width}: off screen: ${stop.name} (${stop.where}; the stop before: ${before})`);
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
