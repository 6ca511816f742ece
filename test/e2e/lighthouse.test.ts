import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteRoutes } from "../../shared/site.ts";
import { formatLighthouse, runLighthouse } from "../../scripts/lib/lighthouse.ts";
import { startProductionServer } from "../../scripts/harness/productionServer.ts";

// The hard floor in CI (docs/architecture.md "Performance", docs/decisions/011-lighthouse-ci-bound.md).
// Performance is simulated from the host's CPU time, which on a shared runner follows the
// machine (the same build scored 84 to 98 across routes in one CI run), so here it is a bound
// against gross regressions, judged on the median of three runs; the table printed below and
// `npm run audit` report the figures against the target of 99.
const FLOOR = { performance: 70, accessibility: 100, bestPractices: 100, seo: 100 };

let server: Awaited<ReturnType<typeof startProductionServer>>;

beforeAll(async () => {
  server = await startProductionServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("Lighthouse, mobile preset, production build", () => {
  it("every route clears the floor", async () => {
    let rows = await runLighthouse(
      server.url,
      siteRoutes.map((r) => r.path),
    );
    // Performance is simulated from one trace and varies run to run on a shared machine; as
    // Lighthouse's own guidance says, a route under the floor is judged on the median of three.
    const slow = rows.filter((r) => r.performance < FLOOR.performance).map((r) => r.path);
    if (slow.length > 0) {
      const reruns = [await runLighthouse(server.url, slow), await runLighthouse(server.url, slow)];
      rows = rows.map((row) => {
        if (!slow.includes(row.path)) return row;
        const three = [row, ...reruns.map((rerun) => rerun.find((r) => r.path === row.path)!)];
        return three.sort((a, b) => a.performance - b.performance)[1]!;
      });
    }
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
