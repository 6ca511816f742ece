import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteRoutes } from "../../shared/site.ts";
import { formatLighthouse, runLighthouse, startProductionServer } from "../../scripts/lib/lighthouse.ts";

// DESIGN.md "Bars": the hard floor in CI. Performance is simulated (mobile preset) and machine
// dependent, so its floor is 90 here; the target of 100 is reported by `npm run audit`.
const FLOOR = { performance: 90, accessibility: 100, bestPractices: 100, seo: 100 };

let server: Awaited<ReturnType<typeof startProductionServer>>;

beforeAll(async () => {
  server = await startProductionServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("Lighthouse, mobile preset, production build", () => {
  it("every route clears the floor", async () => {
    const rows = await runLighthouse(server.url, siteRoutes.map((r) => r.path));
    console.log(`\n${formatLighthouse(rows)}\n`);
    for (const row of rows) {
      const why = `${row.path} failing: ${row.failing?.join(", ") ?? "-"}`;
      expect(row.accessibility, why).toBeGreaterThanOrEqual(FLOOR.accessibility);
      expect(row.bestPractices, why).toBeGreaterThanOrEqual(FLOOR.bestPractices);
      expect(row.seo, why).toBeGreaterThanOrEqual(FLOOR.seo);
      expect(row.performance, why).toBeGreaterThanOrEqual(FLOOR.performance);
      expect(row.cls, why).toBeLessThan(0.02);
    }
  }, 600_000);
});
