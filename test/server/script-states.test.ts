// Inner pages inline every rule they use and never load the whole stylesheet unless another
// route or a toast shows (client/stylesheets.ts). A rule for a class only a script adds is kept
// by naming that class in SCRIPT_STATES (scripts/lib/usedCss.ts): this fails when one is missing.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PurgeCSS } from "purgecss";
import { describe, expect, it } from "vitest";
import { renderedPages } from "../../scripts/lib/renderedPages.ts";
import type { BuildManifest } from "../../server/assets.ts";
import { SCHEME_STATES, SCRIPT_STATES } from "../../scripts/lib/usedCss.ts";

/** The client's own source (the toasts' rules come with react-toastify and the whole sheet). */
function clientSource(dir = "client"): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return clientSource(path);
      return /\.tsx?$/.test(entry.name) ? readFileSync(path, "utf8") : "";
    })
    .join("\n");
}

describe("rules for what scripts add", () => {
  it("are inlined: every rule no served page uses names nothing the client's code can produce", async () => {
    const manifest = JSON.parse(readFileSync("dist/client/manifest.json", "utf8")) as BuildManifest;
    const css = manifest.stylesheets.map((href) => readFileSync(join("dist/client", href), "utf8")).join("\n");
    // The inlined <style> names the rules kept so far: only the HTML counts.
    const pages = [...(await renderedPages({ ...manifest, routeStyles: undefined })).values()]
      .flat()
      .map((page) => page.replace(/<style\b[\s\S]*?<\/style>/g, ""));
    const [result] = await new PurgeCSS().purge({
      content: [...pages, SCHEME_STATES, SCRIPT_STATES].map((raw) => ({ raw, extension: "html" })),
      css: [{ raw: css }],
      rejected: true,
    });
    const source = clientSource();
    const producible = (result?.rejected ?? []).filter((selector) => {
      // A rule applies once every class it names is on the page; a bare element rule once the element is.
      const classes = [...selector.matchAll(/\.([\w-]+)/g)].map((m) => m[1]!);
      // A BEM modifier may be built from a value (`status--${tone}`).
      const written = (name: string) => source.includes(name) || source.includes(name.replace(/--[\w-]+$/, "--${"));
      if (classes.length > 0) return classes.every(written);
      return [...selector.matchAll(/(?:^|[\s>+~])([a-z][a-z0-9]*)/g)].some((m) => source.includes(`<${m[1]}`));
    });
    expect(producible).toEqual([]);
  }, 60_000);
});
