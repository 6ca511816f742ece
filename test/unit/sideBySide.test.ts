import { describe, expect, it } from "vitest";
import { sideBySide } from "../../scripts/harness/sideBySide.ts";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("sideBySide", () => {
  it("keeps the items' order in its results, whichever lane finished first", async () => {
    const results = await sideBySide([30, 10, 20, 0], 2, async (n) => {
      for (let i = 0; i < n; i++) await tick();
      return n * 2;
    });
    expect(results).toEqual([60, 20, 40, 0]);
  });

  it("never runs more items at once than it has lanes, and uses each lane", async () => {
    let running = 0;
    let most = 0;
    const lanes = new Set<number>();
    await sideBySide([...Array(9).keys()], 3, async (_, lane) => {
      lanes.add(lane);
      most = Math.max(most, ++running);
      await tick();
      running--;
    });
    expect(most).toBe(3);
    expect([...lanes].sort()).toEqual([0, 1, 2]);
  });

  it("throws the first failure only once every lane has stopped", async () => {
    const finished: number[] = [];
    const run = sideBySide([1, 2, 3, 4], 2, async (n) => {
      if (n === 1) throw new Error("item 1");
      await tick();
      finished.push(n);
    });
    await expect(run).rejects.toThrow("item 1");
    expect(finished.sort()).toEqual([2, 3, 4]);
  });
});
