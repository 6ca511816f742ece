import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { articles } from "../../shared/data/articles.ts";
import { newPage, waitForHydration, watchConsole } from "../../scripts/harness/browser.ts";
import { browserAndServer } from "../helpers/e2e.ts";

const e2e = browserAndServer();

const CAROUSEL = "section.carousel--articles";

/** Slides lying entirely inside the carousel's viewport. */
async function slidesInView(page: Page): Promise<number> {
  return page.locator(CAROUSEL).evaluate((carousel) => {
    const frame = carousel.querySelector(".carousel__track")!.getBoundingClientRect();
    const slides = [...carousel.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')];
    return slides.filter((slide) => {
      const r = slide.getBoundingClientRect();
      return r.width > 0 && r.left >= frame.left - 1 && r.right <= frame.right + 1;
    }).length;
  });
}

async function openArticles(page: Page): Promise<void> {
  await page.goto(e2e.server.url + "/RecentArticles");
  await waitForHydration(page);
}

describe("articles carousel (/RecentArticles)", () => {
  for (const [width, perView] of [
    [375, 1],
    [800, 2],
    [1100, 3],
  ] as const) {
    it(`shows ${perView} card(s) per view at ${width} px, Previous disabled at the start and Next at the end`, async () => {
      const { context, page } = await newPage(e2e.browser, { width, height: 900 });
      const problems = watchConsole(page);
      await openArticles(page);
      const region = page.getByRole("region", { name: "Recent articles" });
      const previous = region.getByRole("button", { name: "Previous" });
      const next = region.getByRole("button", { name: "Next" });

      expect(await slidesInView(page)).toBe(perView);
      expect(await previous.isDisabled()).toBe(true);
      expect(await next.isDisabled()).toBe(false);

      // One card a click, as fast as a visitor clicks: each click goes one card on from where the
      // track is heading.
      for (let step = 0; step < articles.length - perView; step++) {
        expect(await next.isDisabled(), `step ${step}`).toBe(false);
        await next.click();
      }
      await expect.poll(() => next.isDisabled()).toBe(true);
      expect(await previous.isDisabled()).toBe(false);
      await expect.poll(() => slidesInView(page)).toBe(perView);
      // The last card is in view at the end, once the slide transition has settled.
      const lastInView = () =>
        page.locator(CAROUSEL).evaluate((carousel) => {
          const frame = carousel.querySelector(".carousel__track")!.getBoundingClientRect();
          const slides = carousel.querySelectorAll('[aria-roledescription="slide"]');
          const last = slides[slides.length - 1]!.getBoundingClientRect();
          return last.right <= frame.right + 1 && last.left >= frame.left - 1;
        });
      await expect.poll(lastInView).toBe(true);

      await previous.click();
      await expect.poll(() => next.isDisabled()).toBe(false);
      await context.close();
      expect(problems).toEqual([]);
    });
  }

  it("the server-rendered track already shows the same number of cards (the track is the carousel, with or without JavaScript)", async () => {
    for (const [width, perView] of [
      [375, 1],
      [800, 2],
      [1100, 3],
    ] as const) {
      const { context, page } = await newPage(e2e.browser, { width, height: 900 }, { javaScriptEnabled: false });
      await page.goto(e2e.server.url + "/RecentArticles");
      expect(await slidesInView(page), `${width} px`).toBe(perView);
      await context.close();
    }
  });

  it("Read More opens the article in a new tab, safely, with a name that says so", async () => {
    const { context, page } = await newPage(e2e.browser, { width: 1280, height: 900 });
    await openArticles(page);
    const first = articles[0]!;
    const link = page.getByRole("link", { name: `Read More: ${first.title} (opens in a new tab)` });
    expect(await link.getAttribute("href")).toBe(first.url);
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    // Tests never reach the internet: the click must only try to open a new tab.
    await context.route("**/*", (route) =>
      route.request().url().startsWith(e2e.server.url) ? route.continue() : route.abort(),
    );
    const [popup] = await Promise.all([context.waitForEvent("page"), link.click()]);
    expect(popup).toBeTruthy();
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await context.close();
  });
});
