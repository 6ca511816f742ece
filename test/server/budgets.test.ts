import { describe, expect, it } from "vitest";
import { budgets, formatWeights, routeWeights } from "../../scripts/lib/budgets.ts";

describe("byte budgets (gzip, from the build manifest)", () => {
  const rows = routeWeights();

  it("covers all eight routes", () => {
    expect(rows.map((r) => r.route).sort()).toEqual(["about", "articles", "category", "contact", "home", "privacy", "services", "terms"]);
  });

  it("keeps every route's first-load JavaScript and the CSS within budget", () => {
    console.log(`\n${formatWeights(rows)}\n`);
    for (const row of rows) {
      expect(row.jsGzip, `${row.route} JS`).toBeLessThanOrEqual(row.jsBudget);
      expect(row.cssGzip, `${row.route} CSS`).toBeLessThanOrEqual(budgets.css);
    }
  });
});
