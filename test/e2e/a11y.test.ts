import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { siteRoutes } from "../../shared/site.ts";
import { viewports, waitForHydration } from "../../scripts/harness/browser.ts";
import { sideBySide } from "../../scripts/harness/sideBySide.ts";
import { browserAndServer, keptPage } from "../helpers/e2e.ts";
import { axeViolations } from "../helpers/axe.ts";

/**
 * The part of the page an interaction with `control` changes: the section holding both it and
 * the panel it controls, as a selector for axeViolations' `settleWithin`; none (the whole page is
 * settled again) where no section holds both.
 */
async function changedPart(control: Locator): Promise<string | undefined> {
  const panel = await control.getAttribute("aria-controls");
  const selector = `section:has([aria-controls="${panel}"]):has([id="${panel}"])`;
  return (await control.page().locator(selector).count()) > 0 ? selector : undefined;
}

/**
 * The states the gate also checks: open menu (mobile), an open accordion panel, a second tab.
 * The page was settled whole and checked just before; after each interaction only the part it
 * changed is scrolled through again, and axe checks the whole page (the menu: the drawer).
 */
async function interact(page: Page, mobile: boolean): Promise<string[]> {
  const found: string[] = [];
  const panelButton = page.locator("main button[aria-expanded='false'][aria-controls]").first();
  if (await panelButton.count()) {
    const part = await changedPart(panelButton);
    await panelButton.click();
    found.push(...(await axeViolations(page, undefined, part)).map((v) => `[accordion open] ${v}`));
  }
  const secondTab = page.locator("main [role='tablist'] [role='tab']").nth(1);
  if (await secondTab.count()) {
    const part = await changedPart(secondTab);
    await secondTab.click();
    found.push(...(await axeViolations(page, undefined, part)).map((v) => `[second tab] ${v}`));
  }
  if (mobile) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Close menu" }).waitFor({ state: "visible" });
    // The open drawer itself: the page behind it is dimmed by its backdrop on purpose (and was
    // checked above, undimmed); its text would fail contrast only for being covered.
    found.push(...(await axeViolations(page, "nav.main-nav", "nav.main-nav")).map((v) => `[menu open] ${v}`));
    await page.keyboard.press("Escape");
  }
  return found;
}

const e2e = browserAndServer();

/** Routes are checked on this many pages side by side: most of a route's time is spent waiting for its transitions. */
const PAGES = 3;

// Both colour schemes, as the system's preference picks them (client/styles/tokens.css): text
// contrast is measured in each.
const SCHEMES = ["dark", "light"] as const;

/**
 * The pages the four tests share (test/helpers/e2e.ts keptPage): each test loads every route
 * afresh in them at its viewport and scheme, and a new page starts a renderer process.
 */
const lanes = Array.from({ length: PAGES }, () => keptPage(e2e));

describe("axe-core: zero violations", () => {
  for (const colorScheme of SCHEMES)
    for (const [name, viewport] of Object.entries(viewports)) {
      it(`every route at ${viewport.width} px in the ${colorScheme} scheme, hydrated and after interaction, with a clean console`, async () => {
        const routes = [...siteRoutes.map((r) => r.path), "/no-such-page"];
        const pages = await Promise.all(
          lanes.map(async (take) => {
            const { page, problems } = await take(viewport);
            await page.emulateMedia({ colorScheme });
            return { page, problems };
          }),
        );
        const found = await sideBySide(routes, PAGES, async (route, lane) => {
          const { page } = pages[lane]!;
          await page.goto(e2e.server.url + route);
          await waitForHydration(page);
          const shown = await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
          if (shown !== colorScheme) return [`${route} shows the ${shown} scheme`];
          const violations = [...(await axeViolations(page)), ...(await interact(page, name === "mobile"))];
          return violations.map((v) => `${route} ${v}`);
        });
        expect(found.flat()).toEqual([]);
        // The 404 page's own document request is the only expected failure-status response.
        const console = pages.flatMap(({ problems }) => problems);
        expect(console.filter((c) => !c.includes("404 (Not Found)"))).toEqual([]);
      });
    }
});
