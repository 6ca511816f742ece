// Each control works from the server's HTML: with JavaScript off, and with it on before React
// has arrived (every chunk the entry would load held back), the menu opens, an accordion item
// opens, a tab shows its panel and a carousel moves. Once React hydrates, it keeps what the
// visitor did before.
import { describe, expect, it } from "vitest";
import type { Locator, Page, Route } from "playwright-core";
import { newPage, viewports, waitForHydration, watchConsole } from "../../scripts/harness/browser.ts";
import { browserAndServer } from "../helpers/e2e.ts";

const e2e = browserAndServer();

type Mode = "no JavaScript" | "before hydration";

/** Opens a page with JavaScript off, or on with React held back; returns a release for the latter. */
async function open(mode: Mode, path: string, viewport: { width: number; height: number } = viewports.mobile) {
  const { context, page } = await newPage(e2e.browser, viewport, { javaScriptEnabled: mode !== "no JavaScript" });
  const watched = watchConsole(page);
  // With scripts off, Chromium refuses the entry's preload: that is the switch, not the site.
  const problems = () => watched.filter((p) => !(mode === "no JavaScript" && /^requestfailed: .*\.js csp$/.test(p)));
  let release = () => {};
  if (mode === "before hydration") {
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/chunk-*.js", async (route: Route) => {
      await held;
      await route.continue();
    });
  }
  await page.goto(e2e.server.url + path, { waitUntil: mode === "no JavaScript" ? "load" : "commit" });
  // Polled from here, not with waitForFunction: its requestAnimationFrame polling waits for a
  // frame that a page with scripts off and nothing left to draw may never produce, when the
  // paint entry is recorded just after the first check.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length))
    .toBeGreaterThan(0);
  const hydrated = () => page.evaluate(() => document.documentElement.dataset.hydrated === "true");
  return { context, page, problems, release, hydrated };
}

/** How far an element's top is from where an anchor lands (the scroll padding under the header), in px. */
const offsetFromPadding = (element: Locator) =>
  element.evaluate((el) => {
    const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
    return Math.abs(Math.round(el.getBoundingClientRect().top - padding));
  });

const trackLeft = (page: Page, region: string) =>
  page
    .getByRole("region", { name: region })
    .locator(".carousel__track")
    .evaluate((track) => track.scrollLeft);

/** Where the track rests once its smooth scroll has ended: the same for ten frames in a row. */
const restingLeft = (page: Page, region: string) =>
  page
    .getByRole("region", { name: region })
    .locator(".carousel__track")
    .evaluate(
      (track) =>
        new Promise<number>((resolve) => {
          let [last, still] = [Number.NaN, 0];
          const check = () => {
            still = track.scrollLeft === last ? still + 1 : 0;
            last = track.scrollLeft;
            if (still >= 10) resolve(last);
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
    );

describe.each<Mode>(["no JavaScript", "before hydration"])("with %s", (mode) => {
  it("the menu opens from the bars button and closes from the close button", async () => {
    const { context, page, problems, release, hydrated } = await open(mode, "/main");
    const nav = page.getByRole("navigation", { name: "Main" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect.poll(() => nav.evaluate((el) => el.matches(":popover-open"))).toBe(true);
    expect(await hydrated()).toBe(false);
    await expect.poll(() => nav.getByRole("link", { name: "Services" }).isVisible()).toBe(true);
    await nav.getByRole("button", { name: "Close menu" }).click();
    await expect.poll(() => nav.evaluate((el) => el.matches(":popover-open"))).toBe(false);
    release();
    expect(problems()).toEqual([]);
    await context.close();
  });

  it("an accordion item opens, and closes the one open before", async () => {
    const { context, page, problems, release, hydrated } = await open(mode, "/TermsCondition");
    const items = page.locator("details.accordion__item");
    expect(await items.first().getAttribute("open")).not.toBeNull();
    await items.nth(3).locator("summary").click();
    await expect.poll(() => items.nth(3).evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    expect(await items.first().evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    expect(await items.nth(3).locator(".accordion__panel").isVisible()).toBe(true);
    expect(await hydrated()).toBe(false);
    release();
    expect(problems()).toEqual([]);
    await context.close();
  });

  it("a contents link of the terms opens its section, closing the one open, and brings it under the header", async () => {
    const { context, page, problems, release, hydrated } = await open(mode, "/TermsCondition", viewports.desktop);
    const items = page.locator("details.accordion__item");
    const testing = items.nth(8);
    const isOpen = (item: typeof testing) => item.evaluate((el) => (el as HTMLDetailsElement).open);
    expect(await isOpen(testing)).toBe(false);
    await page
      .getByRole("navigation", { name: "Contents" })
      .getByRole("link", { name: "9. Testing in Metaverse Environments" })
      .click();
    await expect.poll(() => isOpen(testing)).toBe(true);
    expect(await isOpen(items.first())).toBe(false);
    expect(await testing.locator(".accordion__panel").isVisible()).toBe(true);
    // The item's top (its hairline) rests at the scroll padding, just under the sticky header.
    await expect.poll(() => offsetFromPadding(testing)).toBeLessThanOrEqual(2);
    expect(await hydrated()).toBe(false);
    release();
    expect(problems()).toEqual([]);
    await context.close();
  });

  it("a tab shows its panel", async () => {
    const { context, page, problems, release, hydrated } = await open(mode, "/service");
    const tab = page.getByRole("tab", { name: "Education AI" });
    const panel = page.locator(`#${await tab.getAttribute("aria-controls")}`);
    const first = page.locator(
      `#${await page.getByRole("tab", { name: "Healthcare AI" }).getAttribute("aria-controls")}`,
    );
    await tab.click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    await expect.poll(() => first.isVisible()).toBe(false);
    if (mode === "before hydration") {
      expect(await tab.getAttribute("aria-selected")).toBe("true");
      expect(await hydrated()).toBe(false);
      // React takes over and keeps the visitor's choice.
      release();
      await waitForHydration(page);
      expect(await tab.getAttribute("aria-selected")).toBe("true");
      expect(await panel.isVisible()).toBe(true);
      await page.getByRole("tab", { name: "Finance AI" }).click();
      expect(await tab.getAttribute("aria-selected")).toBe("false");
      expect(await panel.isVisible()).toBe(false);
    }
    expect(problems()).toEqual([]);
    await context.close();
  });

  it("a carousel moves", async () => {
    const { context, page, problems, release, hydrated } = await open(mode, "/RecentArticles");
    const region = "Recent articles";
    const track = page.getByRole("region", { name: region }).locator(".carousel__track");
    await track.scrollIntoViewIfNeeded();
    if (mode === "no JavaScript") {
      // Swiped or scrolled: the track itself scrolls, snapping to a card.
      await track.hover();
      await page.mouse.wheel(400, 0);
      await expect.poll(() => trackLeft(page, region)).toBeGreaterThan(0);
    } else {
      const next = page.getByRole("region", { name: region }).getByRole("button", { name: "Next" });
      await next.click();
      await expect.poll(() => trackLeft(page, region)).toBeGreaterThan(0);
      expect(await hydrated()).toBe(false);
      const previous = page.getByRole("region", { name: region }).getByRole("button", { name: "Previous" });
      await expect.poll(() => previous.isDisabled()).toBe(false);
      // React takes over where the track is.
      const left = await restingLeft(page, region);
      release();
      await waitForHydration(page);
      expect(await trackLeft(page, region)).toBe(left);
      expect(await previous.isDisabled()).toBe(false);
      await previous.click();
      await expect.poll(() => trackLeft(page, region)).toBe(0);
      await expect.poll(() => previous.isDisabled()).toBe(true);
    }
    expect(problems()).toEqual([]);
    await context.close();
  });
});
