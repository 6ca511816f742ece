import { describe, expect, it } from "vitest";
import { formatLighthouse, medianRows, type LighthouseRow } from "../../scripts/lib/lighthouse.ts";

const run = (path: string, performance: number, tbtMs: number, fcpMs: number): LighthouseRow => ({
  path,
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1000,
  cls: 0,
  tbtMs,
  fcpMs,
});

describe("medianRows (npm run audit)", () => {
  it("takes each figure's own median, not the figures of the median-score run", () => {
    // The median-score run (99) has the worst TBT, 161; the TBT median is 21.
    const [row] = medianRows([[run("/", 100, 16, 960)], [run("/", 99, 161, 886)], [run("/", 98, 21, 888)]]);
    expect(row).toMatchObject({ performance: 99, tbtMs: 21, fcpMs: 888, tbtRuns: [16, 161, 21] });
    const [even] = medianRows([[run("/", 100, 10, 700)], [run("/", 99, 60, 710)], [run("/", 99, 20, 720)]]);
    expect(even).toMatchObject({ performance: 99, tbtMs: 20, fcpMs: 710 });
    expect(formatLighthouse([even!])).toContain("| 20 (10, 60, 20) |");
  });

  it("prints one run's TBT without a list", () => {
    const rows = medianRows([[run("/main", 100, 30, 700)]]);
    expect(rows[0]!.tbtRuns).toBeUndefined();
    expect(formatLighthouse(rows)).toContain("| 30 | 0 |");
  });
});
