import { describe, expect, it } from "vitest";
import { newPage, viewports, waitForHydration, watchConsole } from "../../scripts/harness/browser.ts";
import { browserAndServer } from "../helpers/e2e.ts";

const e2e = browserAndServer();

describe("every route in Chromium", () => {
  // Every route loading and hydrating at 375 and 1280 px with one h1, no console error, failed
  // request or hydration warning: the keyboard walk's loads check it (test/e2e/keyboard-walk.test.ts).

  it("navigates client-side between routes", async () => {
    const { context, page } = await newPage(e2e.browser, viewports.desktop);
    const problems = watchConsole(page);
    await page.goto(e2e.server.url + "/");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
    await page.waitForURL("**/service");
    // The URL changes before React commits the new page (a transition): wait for the heading.
    await page.locator("h1", { hasText: /^Services$/ }).waitFor();
    expect(await page.locator("h1").textContent()).toBe("Services");
    expect(await page.title()).toContain("AI Services");
    await context.close();
    expect(problems).toEqual([]);
  });
});

describe("sticky header", () => {
  it.each([viewports.mobile, viewports.desktop].map((v) => [v.width, v] as const))(
    "stays at the top of the viewport while the page scrolls at %i px",
    async (_w, viewport) => {
      const { context, page } = await newPage(e2e.browser, viewport);
      await page.goto(e2e.server.url + "/Category");
      await waitForHydration(page);
      await page.evaluate(() => window.scrollTo({ top: 1500, behavior: "instant" }));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
      expect(await page.locator(".site-header").evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
      expect(await page.getByRole("banner").getByRole("link", { name: "AgentVerse AI home" }).isVisible()).toBe(true);
      await context.close();
    },
  );
});

describe("mobile menu at 375 px", () => {
  it("opens with the bars button and closes with the close button, Escape or a link", async () => {
    const { context, page } = await newPage(e2e.browser, viewports.mobile);
    await page.goto(e2e.server.url + "/");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const open = page.getByRole("button", { name: "Open menu" });
    const contact = nav.getByRole("link", { name: "Contact Us" });

    await contact.waitFor({ state: "hidden" });
    await open.click();
    await expect.poll(() => open.getAttribute("aria-expanded")).toBe("true");
    await contact.waitFor({ state: "visible" });
    await page.getByRole("button", { name: "Close menu" }).click();
    await contact.waitFor({ state: "hidden" });
    await expect.poll(() => open.getAttribute("aria-expanded")).toBe("false");
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);

    await open.click();
    await contact.waitFor({ state: "visible" });
    // Focus stays inside the open menu: Tab from its last item comes back to Close menu.
    const focused = () =>
      page.evaluate(
        () => document.activeElement?.textContent?.trim() || document.activeElement?.getAttribute("aria-label"),
      );
    // React moves focus after the popover's toggle event, a task after the click.
    await expect.poll(focused).toBe("Close menu");
    await page.keyboard.press("Shift+Tab");
    expect(await focused()).toBe("Get Started Now (opens in a new tab)");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("Close menu");
    for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
    expect(await focused()).toBe("Get Started Now (opens in a new tab)");
    await page.keyboard.press("Escape");
    await contact.waitFor({ state: "hidden" });

    await open.click();
    await contact.click();
    await page.waitForURL("**/Contact");
    await contact.waitFor({ state: "hidden" });

    // Widening past the phone layout closes it: the desktop menu has no "open".
    await open.click();
    // React follows the popover's toggle event, which the browser fires after the click.
    await expect.poll(() => open.getAttribute("aria-expanded")).toBe("true");
    await page.setViewportSize({ width: 1100, height: 800 });
    await expect.poll(() => page.locator(".main-nav").getAttribute("data-open")).toBeNull();
    await context.close();
  });
});
