import { describe, expect, it } from "vitest";
import { siteRoutes } from "../../shared/site.ts";
import { newPage, viewports, waitForHydration, watchConsole } from "../../scripts/harness/browser.ts";
import { browserAndServer } from "../helpers/e2e.ts";

const e2e = browserAndServer();

describe("the not-found page in Chromium", () => {
  it("suggests the page a mistyped path meant, hydrates the kept copy unchanged, and its links lead on", async () => {
    const { context, page } = await newPage(e2e.browser, viewports.mobile);
    const problems = watchConsole(page);
    const res = await page.goto(e2e.server.url + "/categroy");
    expect(res?.status()).toBe(404);
    const suggestion = page.locator(".not-found__suggestion a");
    expect(await suggestion.getAttribute("href")).toBe("/Category");
    await waitForHydration(page);
    expect(await suggestion.getAttribute("href")).toBe("/Category");
    const list = page.getByRole("navigation", { name: "Every page" }).getByRole("link");
    expect(await list.allTextContents()).toEqual(siteRoutes.map((r) => r.label));
    await suggestion.click();
    await page.waitForURL("**/Category");
    await page.locator("h1", { hasText: "Category" }).waitFor();
    await context.close();
    // 404 of the document itself is Chromium's console line for the page's own status.
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
  });
});
