import { readFileSync } from "node:fs";
import subsetFont from "subset-font";
import { describe, expect, it } from "vitest";
import { FACES } from "../../scripts/lib/fontSubset.ts";
import { embedSvgFont, svgTextCharacters, svgWeights } from "../../scripts/lib/svgFont.ts";

const font = readFileSync(FACES.sans.source);
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40"><rect width="9" height="9"/>' +
  '<text x="4" y="14" font-weight="600">Sentinel</text>' +
  '<text x="4" y="30" font-weight="400">180 <tspan>USDC</tspan> &amp; 98.7%</text></svg>';

const embedded = (out: string) => Buffer.from(/base64,([A-Za-z0-9+/=]+)\)/.exec(out)?.[1] ?? "", "base64");

describe("the font the build embeds in pictures that set text", () => {
  it("reads the characters and weights the picture's text uses", () => {
    expect(svgTextCharacters(svg)).toBe(
      [..."Sentil180USDC&98.7%"]
        .filter((c, i, all) => all.indexOf(c) === i)
        .sort()
        .join(""),
    );
    expect(svgWeights(svg)).toEqual([400, 600]);
  });

  it("is a subset cut to exactly those characters and that weight range, set on every <text>", async () => {
    const out = await embedSvgFont(svg, font);
    expect(out).toMatch(/^<svg[^>]*><style>@font-face\{font-family:f;src:url\(data:font\/woff2;base64,/);
    expect(out).toContain("text{font-family:f,sans-serif}");
    // Spelled out here rather than derived, so a reader that drops or adds characters fails.
    const exact = await subsetFont(font, " %&.01789CDSUeilnt", {
      targetFormat: "woff2",
      variationAxes: { wght: { min: 400, max: 600 } },
    });
    expect(embedded(out).equals(exact)).toBe(true);
    const lacking = await subsetFont(font, " %&.01789CDSUeiln", {
      targetFormat: "woff2",
      variationAxes: { wght: { min: 400, max: 600 } },
    });
    expect(embedded(out).equals(lacking)).toBe(false);
  });

  it("leaves a picture without text untouched", async () => {
    const plain = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9"/></svg>';
    expect(await embedSvgFont(plain, font)).toBe(plain);
  });
});
