import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { artPalette } from "../../scripts/lib/palette.ts";
import { faviconSvg, ourSvgs, recolour } from "../../scripts/art-palette.ts";

/** A colour written out: hex, a colour function, or a named colour as a CSS or SVG value. */
const LITERAL =
  /#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|(?<![\w-])(?:white|black|red|green|blue|yellow|orange|purple|gray|grey|silver|navy|teal)(?![\w-])/g;

const files = (dir: string, ext: RegExp) =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => ext.test(f))
    .map((f) => join(dir, f));

/** Comments say why; they may name a colour. */
const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

describe("colours come from the tokens only", () => {
  it("writes no colour literal in client/ outside client/styles/tokens.css", () => {
    const found: string[] = [];
    for (const file of files("client", /\.(css|ts|tsx)$/)) {
      if (file === join("client", "styles", "tokens.css")) continue;
      const text = stripComments(readFileSync(file, "utf8"));
      // CSS values and inline-style/SVG attribute strings; CSS keywords like `color: inherit` are not literals.
      for (const m of text.matchAll(LITERAL)) {
        const line = text.slice(0, m.index).split("\n").length;
        const context = text.split("\n")[line - 1]!.trim();
        // A word like "green" in prose or data is not a colour unless it is a value.
        if (/^[a-z]+$/i.test(m[0]) && !/(:|=)\s*["']?[a-z]+["']?\s*[;,)}]?$/i.test(context.split(m[0])[0] + m[0]))
          continue;
        found.push(`${file}:${line}: ${context}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("keeps our SVGs on the palette generated from the tokens (npm run art-palette)", () => {
    const allowed = new Set<string>(Object.values(artPalette()));
    const off: string[] = [];
    for (const file of files("public", /\.svg$/)) {
      const svg = readFileSync(file, "utf8");
      for (const m of svg.matchAll(/#[0-9a-fA-F]{3,8}\b/g))
        if (!allowed.has(m[0].toLowerCase())) off.push(`${file}: ${m[0]}`);
      expect(svg, file).not.toMatch(/\b(?:rgba?|hsla?)\(/);
    }
    expect(off).toEqual([]);
  });

  it("has nothing for npm run art-palette left to do", () => {
    for (const file of ourSvgs()) {
      const svg = readFileSync(file, "utf8");
      expect(svg, file).toBe(file.endsWith("favicon.svg") ? faviconSvg() : recolour(svg));
    }
  });
});
