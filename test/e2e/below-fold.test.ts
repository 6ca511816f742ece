// Below the first screen the browser skips rendering (docs/decisions/009): the first paint lays
// out the first screen only, yet every jump lands where it should, with or without JavaScript.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { anchors } from "../../shared/site.ts";
import { newPage, viewports, waitForHydration, watchConsole } from "../helpers/browser.ts";
import { browserAndServer } from "../helpers/e2e.ts";

const e2e = browserAndServer();
const phone = { width: 412, height: 823 };

/** Each below-fold section: whether the browser renders its content now, and its height. */
function sections(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll(".below-fold")].map((section) => ({
      rendered: section.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }),
      top: section.getBoundingClientRect().top + window.scrollY,
      height: section.getBoundingClientRect().height,
    })),
  );
}

/** Where an element rests once scrolling has stopped, against the page's scroll padding. */
async function restingTop(page: Page, selector: string): Promise<{ top: number; padding: number }> {
  let last = Number.NaN;
  for (let i = 0; i < 100; i++) {
    const top = await page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().top));
    if (top === last) break;
    last = top;
    await page.waitForTimeout(100);
  }
  const padding = await page.evaluate(() =>
    Math.round(parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)),
  );
  return { top: last, padding };
}

describe("below the first screen", () => {
  it("the first paint renders the first screen, not the sections far below it", async () => {
    const { context, page } = await newPage(e2e.browser, phone, { javaScriptEnabled: false });
    await page.goto(e2e.server.url + "/", { waitUntil: "load" });
    expect(await page.locator(".hero h1").evaluate((h1) => h1.checkVisibility({ contentVisibilityAuto: true }))).toBe(
      true,
    );
    const far = (await sections(page)).filter((section) => section.top > 3 * phone.height);
    expect(far.length).toBeGreaterThanOrEqual(8);
    expect(far.filter((section) => section.rendered)).toEqual([]);
    await context.close();
  });

  it("once the page is live, every skipped section holds its real height", async () => {
    const { context, page } = await newPage(e2e.browser, phone, { reducedMotion: "reduce" });
    const problems = watchConsole(page);
    await page.goto(e2e.server.url + "/");
    await waitForHydration(page);
    const held = await sections(page);
    // Most of them are skipped again: their heights are the remembered ones.
    expect(held.filter((section) => !section.rendered).length).toBeGreaterThanOrEqual(8);
    // Scroll through, rendering each section as a visitor would, and back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        for (let frame = 0; frame < 2; frame++) await new Promise((r) => requestAnimationFrame(r));
      }
      window.scrollTo(0, 0);
    });
    const real = await sections(page);
    expect(real.map((section) => Math.round(section.height))).toEqual(
      held.map((section) => Math.round(section.height)),
    );
    await context.close();
    expect(problems).toEqual([]);
  });

  for (const viewport of [phone, viewports.desktop])
    it(`End at ${viewport.width} px goes to the very bottom and stays there`, async () => {
      const { context, page } = await newPage(e2e.browser, viewport, { reducedMotion: "reduce" });
      await page.goto(e2e.server.url + "/");
      await waitForHydration(page);
      await page.locator("body").press("End");
      await expect
        .poll(() =>
          page.evaluate(() => Math.round(document.documentElement.scrollHeight - window.scrollY - window.innerHeight)),
        )
        .toBe(0);
      await page.waitForTimeout(500);
      expect(
        await page.evaluate(() =>
          Math.round(document.documentElement.scrollHeight - window.scrollY - window.innerHeight),
        ),
      ).toBe(0);
      await expect.poll(() => page.getByText("© 2025").isVisible()).toBe(true);
      await context.close();
    });

  it("a link to a home anchor from another page lands on it", async () => {
    const { context, page } = await newPage(e2e.browser, viewports.desktop);
    const problems = watchConsole(page);
    await page.goto(e2e.server.url + "/main");
    await waitForHydration(page);
    await page.locator(`footer a[href="${anchors.futureScope}"]`).click();
    await page.waitForURL(`**${anchors.futureScope}`);
    const { top, padding } = await restingTop(page, "#futurescope");
    expect(top).toBe(padding);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    await context.close();
    expect(problems).toEqual([]);
  });

  it("a page opened at a home anchor stays on it once the rest of the stylesheet has arrived", async () => {
    const { context, page } = await newPage(e2e.browser, phone);
    const problems = watchConsole(page);
    await page.goto(e2e.server.url + anchors.articles);
    await waitForHydration(page);
    const { top, padding } = await restingTop(page, "#articles");
    expect(top).toBe(padding);
    await context.close();
    expect(problems).toEqual([]);
  });

  it("a page opened at a home anchor without JavaScript lands on it", async () => {
    const { context, page } = await newPage(e2e.browser, phone, { javaScriptEnabled: false });
    await page.goto(e2e.server.url + anchors.testimonials, { waitUntil: "load" });
    const { top, padding } = await restingTop(page, "#ourclient");
    expect(top).toBe(padding);
    await context.close();
  });
});
