import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FACES, type FaceName, subsetSiteFont } from "../../scripts/lib/fontSubset.ts";

describe.each(Object.keys(FACES) as FaceName[])("the site's %s typeface", (face) => {
  const { file } = FACES[face];

  it("is the subset of the characters the sources use, kept in step (npm run font)", async () => {
    expect(readFileSync(file).equals(await subsetSiteFont(face)), `${file} is stale: run npm run font`).toBe(true);
  });

  it("stays small enough to be preloaded beside the other without costing the first paint", () => {
    // Inter's 28 KB cost 250-400 ms of LCP when it was swapped in; the two together stay under it.
    expect(statSync(file).size).toBeLessThanOrEqual(16 * 1024);
  });
});
