import { describe, expect, it } from "vitest";
import { siteRoutes } from "../../shared/site.ts";
import { newPage, viewports } from "../../scripts/harness/browser.ts";
import { browserAndServer } from "../helpers/e2e.ts";

const e2e = browserAndServer();

/**
 * Every control the skip link's box overlaps, read now and in each of the next ten frames (after
 * it lost focus, those in which a late style change would still show it).
 */
function coveredAfterBlur(): Promise<string[][]> {
  const skip = document.querySelector<HTMLElement>(".skip-link")!;
  const covered = () => {
    const r = skip.getBoundingClientRect();
    if (r.bottom <= 0 || r.right <= 0 || !skip.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
      return [];
    return [...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]")]
      .filter((el) => el !== skip && el.checkVisibility())
      .filter((el) => {
        const o = el.getBoundingClientRect();
        return o.width > 0 && o.left < r.right && o.right > r.left && o.top < r.bottom && o.bottom > r.top;
      })
      .map((el) => el.outerHTML.slice(0, 80));
  };
  const frames: string[][] = [covered()];
  return new Promise((resolve) => {
    const next = (left: number) =>
      requestAnimationFrame(() => {
        frames.push(covered());
        if (left > 0) next(left - 1);
        else resolve(frames);
      });
    next(10);
  });
}

describe("the skip link", () => {
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    it(`never covers another control once it loses focus, on every route at ${viewport.width} px`, async () => {
      const { context, page } = await newPage(e2e.browser, viewport);
      for (const route of siteRoutes) {
        await page.goto(e2e.server.url + route.path);
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.className), route.path).toBe("skip-link");
        // Shown while it has focus, over nothing: a bar of its own above the header.
        expect(await page.locator(".skip-link").evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(0);
        expect(await page.locator(".skip-link").isVisible()).toBe(true);
        expect((await page.evaluate(coveredAfterBlur))[0], route.path).toEqual([]);
        await page.keyboard.press("Tab");
        const frames = await page.evaluate(coveredAfterBlur);
        expect(frames.flat(), route.path).toEqual([]);
      }
      await context.close();
    });
  }
});
