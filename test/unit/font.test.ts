import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FONT_FILE, subsetSiteFont } from "../../scripts/lib/fontSubset.ts";

describe("the site's typeface", () => {
  it("is the subset of the characters the sources use, kept in step (npm run font)", async () => {
    expect(readFileSync(FONT_FILE).equals(await subsetSiteFont()), `${FONT_FILE} is stale: run npm run font`).toBe(
      true,
    );
  });

  it("stays small enough to be preloaded without costing the first paint (Inter's 28 KB did)", () => {
    expect(statSync(FONT_FILE).size).toBeLessThanOrEqual(14 * 1024);
  });
});
