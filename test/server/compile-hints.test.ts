import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COMPILE_HINT } from "../../scripts/lib/rechunk.ts";
import type { BuildManifest } from "../../server/assets.ts";

// docs/decisions/008-compile-hints.md: what hydration runs is compiled off the main thread,
// what loads later (sections, carousels, the toast) is not compiled before it is needed.
const manifest = JSON.parse(readFileSync("dist/client/manifest.json", "utf8")) as BuildManifest;
const source = (url: string) => readFileSync(`dist/client${url}`, "utf8");

describe("V8 compile hints in the client build", () => {
  const hydration = new Set(Object.values(manifest.routes).flat());

  it("open every chunk a route hydrates with, React DOM and the router among them", () => {
    expect(hydration.size).toBeGreaterThan(8);
    for (const url of hydration) expect(source(url).startsWith(COMPILE_HINT), url).toBe(true);
    const sizes = [...hydration].map((url) => source(url).length);
    expect(Math.max(...sizes), "the largest hinted chunk is React DOM's").toBeGreaterThan(150_000);
  });

  it("stay off the chunks loaded later", () => {
    const later = readdirSync("dist/client/assets")
      .filter((name) => name.endsWith(".js"))
      .map((name) => `/assets/${name}`)
      .filter((url) => !hydration.has(url));
    expect(later.length).toBeGreaterThan(5);
    for (const url of later) expect(source(url).includes("allFunctionsCalledOnLoad"), url).toBe(false);
  });
});
