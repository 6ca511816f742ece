import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { siteRoutes } from "../../shared/site.ts";
import { budgets, formatLoads, measureRouteLoads, type RouteLoad } from "../../scripts/lib/budgets.ts";
import { launchBrowser } from "../../scripts/harness/browser.ts";
import { startProductionServer, type ProductionServer } from "../../scripts/harness/productionServer.ts";

// What a phone really loads (Chromium at Lighthouse's mobile size), not what the manifest
// says: a chunk pulled in at start-up by an import, a preload or an effect counts too.
describe("byte budgets (gzip, measured in Chromium)", () => {
  let server: ProductionServer;
  let browser: Browser;
  let rows: RouteLoad[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startProductionServer(), launchBrowser()]);
    rows = await measureRouteLoads(
      browser,
      server.url,
      siteRoutes.map((r) => r.path),
    );
    console.log(`\n${formatLoads(rows)}\n`);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("fetches the one subset typeface, within its budget, on every route", () => {
    for (const row of rows) {
      expect(row.fontBytes, `${row.path} font bytes`).toBeGreaterThan(0);
      expect(row.fontBytes, `${row.path} font bytes`).toBeLessThanOrEqual(budgets.fonts);
    }
  });

  it("loads only the small entry before the page is idle", () => {
    for (const row of rows) {
      expect(row.jsBeforeIdle, `${row.path} JS before idle`).toBeGreaterThan(0);
      expect(row.jsBeforeIdle, `${row.path} JS before idle`).toBeLessThanOrEqual(budgets.jsBeforeIdle);
    }
  });

  it("keeps every route's JavaScript until network idle, and its CSS, within budget", () => {
    for (const row of rows) {
      expect(row.jsUntilIdle, `${row.path} JS until network idle`).toBeLessThanOrEqual(row.jsBudget);
      expect(row.cssGzip, `${row.path} CSS`).toBeGreaterThan(0);
      expect(row.cssGzip, `${row.path} CSS`).toBeLessThanOrEqual(budgets.css);
    }
  });
});
