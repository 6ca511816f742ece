import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { siteRoutes } from "../../shared/site.ts";
import { pageMetas } from "../../scripts/lib/pageMetas.ts";
import { webManifest } from "../../scripts/social-art.ts";

// The raster art of scripts/social-art.ts is committed: these fail until `npm run social-art` has
// drawn what the route table and the tokens now ask for.
describe("social art (npm run social-art)", () => {
  it("has an Open Graph card and a title for every route of the table", () => {
    for (const route of siteRoutes) expect(existsSync(`public/og/${route.id}.png`), route.id).toBe(true);
    // shared/meta/<route id>.ts is the meta of that route, not another's.
    expect(pageMetas.map((m) => m.path)).toEqual(siteRoutes.map((r) => r.path));
  });

  it("keeps the manifest in step with the tokens' colours and the icons", () => {
    expect(JSON.parse(readFileSync("public/manifest.webmanifest", "utf8"))).toEqual(webManifest());
  });
});
