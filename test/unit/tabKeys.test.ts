import { describe, expect, it } from "vitest";
import { tabForKey } from "../../client/controls/tabKeys.ts";

describe("tabForKey (the WAI-ARIA tabs keys)", () => {
  it("moves right and left, wrapping at the ends", () => {
    expect(tabForKey("ArrowRight", 0, 3)).toBe(1);
    expect(tabForKey("ArrowRight", 2, 3)).toBe(0);
    expect(tabForKey("ArrowLeft", 1, 3)).toBe(0);
    expect(tabForKey("ArrowLeft", 0, 3)).toBe(2);
  });

  it("jumps to the ends with Home and End", () => {
    expect(tabForKey("Home", 2, 9)).toBe(0);
    expect(tabForKey("End", 0, 9)).toBe(8);
  });

  it("leaves other keys to the browser", () => {
    for (const key of ["Enter", " ", "ArrowDown", "Tab", "a"]) expect(tabForKey(key, 1, 3)).toBeUndefined();
  });
});
