import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newPage, viewports, waitForHydration, watchConsole } from "../helpers/browser.ts";
import { browserAndServer } from "../helpers/e2e.ts";

// How pages load on a phone (README "Performance"): the server's HTML first, React once the
// page is idle or in use, sections below the fold when they come near.

const e2e = browserAndServer();

/** Scripts the page has requested so far (paths). */
const scripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((r) => new URL(r.name).pathname)
      .filter((p) => p.endsWith(".js")),
  );

describe("loading", () => {
  it("presses a button tapped before React was live once it is (the mobile menu)", async () => {
    const { context, page } = await newPage(e2e.browser, viewports.mobile);
    const problems = watchConsole(page);
    // Hold back every chunk but the entry, so the tap surely comes before hydration.
    await page.route(/\/assets\/chunk-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(e2e.server.url + "/Contact");
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    await waitForHydration(page);
    await expect.poll(() => open.getAttribute("aria-expanded")).toBe("true");
    await context.close();
    expect(problems).toEqual([]);
  });

  it("loads the footer's code only when it comes near, and its links then navigate client-side", async () => {
    const { context, page } = await newPage(e2e.browser, viewports.mobile);
    const problems = watchConsole(page);
    const documents: string[] = [];
    page.on("request", (request) => request.resourceType() === "document" && documents.push(request.url()));
    await page.goto(e2e.server.url + "/");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const before = await scripts(page);
    const footerLink = page.locator("footer").getByRole("link", { name: "Privacy Policy" });
    await footerLink.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await scripts(page)).length).toBeGreaterThan(before.length);
    // React hydrates the footer in the task after its code arrives.
    await page.waitForTimeout(500);
    await footerLink.click();
    await page.waitForURL("**/Privacypolicy");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Privacy Policy");
    expect(documents).toHaveLength(1);
    await context.close();
    expect(problems).toEqual([]);
  });

  it("renders every deferred section on the server, with no streamed boundary or inline script", async () => {
    for (const path of ["/", "/Category"]) {
      const html = await (await fetch(e2e.server.url + path)).text();
      expect(html, path).not.toContain("<!--$?-->");
      expect(html, path).not.toMatch(/<script>/);
      expect(html, path).toContain('id="lets-talk-title"');
    }
  });
});
