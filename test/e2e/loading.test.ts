import { describe, expect, it } from "vitest";
import { newPage, viewports, waitForHydration, watchConsole } from "../../scripts/harness/browser.ts";
import { browserAndServer } from "../helpers/e2e.ts";
import { SCHEME_SCRIPT } from "../../client/colorScheme.ts";

// How pages load on a phone (docs/architecture.md "Performance"): the server's HTML first, working on its own,
// then React at the first interaction, or once an untouched page has been calm for a while,
// taking over what the visitor did meanwhile.

const e2e = browserAndServer();

describe("loading", () => {
  it("keeps the menu a visitor opened before React was live, and React then knows it is open", async () => {
    const { context, page } = await newPage(e2e.browser, viewports.mobile);
    const problems = watchConsole(page);
    // Hold back every chunk but the entry until the menu is open, so the tap surely comes first.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/chunk-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(e2e.server.url + "/Contact");
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.evaluate((el) => el.matches(":popover-open"))).toBe(true);
    release();
    await waitForHydration(page);
    expect(await nav.evaluate((el) => el.matches(":popover-open"))).toBe(true);
    await expect.poll(() => open.getAttribute("aria-expanded")).toBe("true");
    await context.close();
    expect(problems).toEqual([]);
  });

  it("footer links navigate client-side once the page is live", async () => {
    const { context, page } = await newPage(e2e.browser, viewports.mobile);
    const problems = watchConsole(page);
    const documents: string[] = [];
    page.on("request", (request) => request.resourceType() === "document" && documents.push(request.url()));
    await page.goto(e2e.server.url + "/");
    await waitForHydration(page);
    const footerLink = page.locator("footer").getByRole("link", { name: "Privacy Policy" });
    await footerLink.click();
    await page.waitForURL("**/Privacypolicy");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Privacy Policy");
    expect(documents).toHaveLength(1);
    await context.close();
    expect(problems).toEqual([]);
  });

  it("hydrates an untouched page by itself, some seconds after its load event and not before", async () => {
    const { context, page } = await newPage(e2e.browser, viewports.mobile);
    const problems = watchConsole(page);
    await page.goto(e2e.server.url + "/main", { waitUntil: "load" });
    // Nothing is touched: no pointer, key, focus or scroll.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, {
      timeout: 30_000,
    });
    const { loaded, firstChunk } = await page.evaluate(() => {
      const chunks = performance
        .getEntriesByType("resource")
        .filter((r) => /\/assets\/chunk-[^/]+\.js$/.test(new URL(r.name).pathname));
      return {
        loaded: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd,
        firstChunk: Math.min(...chunks.map((r) => r.startTime)),
      };
    });
    // The entry waits 5 s after load (client/entry.client.tsx); 4 s is a bound timers cannot undercut.
    expect(firstChunk - loaded).toBeGreaterThan(4000);
    await context.close();
    expect(problems).toEqual([]);
  }, 60_000);

  it("renders every island on the server, with no streamed boundary or inline script but the colour scheme's", async () => {
    for (const path of ["/", "/Category"]) {
      const html = await (await fetch(e2e.server.url + path)).text();
      expect(html, path).not.toContain("<!--$?-->");
      // React's streamed boundaries would come with inline scripts of their own.
      expect(html.split("<script>").length - 1, path).toBe(1);
      expect(html, path).toContain(`<script>${SCHEME_SCRIPT}</script>`);
      expect(html, path).toContain('id="lets-talk-title"');
    }
  });
});
