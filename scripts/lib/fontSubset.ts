import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Plugin } from "esbuild";
import subsetFont from "subset-font";

/**
 * The one text face, cut down at build time to what an English site draws: the variable Inter
 * from @fontsource-variable (Latin, wght 100-900, every OpenType feature) is 48 KB of woff2,
 * and the page that waits for it is a phone on a slow network. Subsetting it to these code
 * points, the weights the stylesheets use and the features that change how our text reads
 * halves it; anything outside the range falls back to the system face, glyph by glyph.
 */
export const FONT_CODE_POINTS: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0xff], // Latin-1: accented names and addresses, ©, £, °
  [0x2013, 0x2014], // – —
  [0x2018, 0x2019], // ‘ ’
  [0x201c, 0x201d], // “ ”
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2190, 0x2193], // ← ↑ → ↓
];
/** font-weight values in client/styles: 400 to 800. */
export const FONT_WEIGHTS = { min: 400, max: 800 } as const;
/** Kerning, ligatures and contextual forms (Inter lifts the colon in 09:00), marks, and
 *  tabular figures for the numbered service list. Stylistic sets and alternates go. */
const FEATURES = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk", "tnum"];

export const FONT_FAMILY = "Inter Variable";
const SOURCE = "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";
/** client/styles/index.css imports "font-subset:inter.css"; the plugin below answers it. */
const NAMESPACE = "font-subset";

export function isInFontSubset(codePoint: number): boolean {
  return FONT_CODE_POINTS.some(([from, to]) => codePoint >= from && codePoint <= to);
}

const hex = (n: number) => n.toString(16).toUpperCase();
const unicodeRange = FONT_CODE_POINTS.map(([from, to]) =>
  from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`,
).join(",");

export async function subsetInter(): Promise<Buffer> {
  const source = await readFile(createRequire(import.meta.url).resolve(SOURCE));
  const text = FONT_CODE_POINTS.flatMap(([from, to]) =>
    Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
  ).join("");
  return subsetFont(source, text, {
    targetFormat: "woff2",
    variationAxes: { wght: FONT_WEIGHTS },
    keepFeatures: FEATURES,
  });
}

/**
 * esbuild plugin: `@import "font-subset:inter.css"` becomes the @font-face rule, and its url()
 * the subset font, emitted like any other asset (content-hashed name).
 */
export function fontSubsetPlugin(): Plugin {
  return {
    name: "font-subset",
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${NAMESPACE}:`) }, (args) => ({
        path: args.path.slice(NAMESPACE.length + 1),
        namespace: NAMESPACE,
      }));
      build.onLoad({ filter: /^inter\.css$/, namespace: NAMESPACE }, () => ({
        loader: "css",
        contents: `@font-face {
  font-family: "${FONT_FAMILY}";
  font-style: normal;
  font-display: swap;
  font-weight: ${FONT_WEIGHTS.min} ${FONT_WEIGHTS.max};
  src: url("${NAMESPACE}:inter-latin-wght-subset.woff2") format("woff2-variations");
  unicode-range: ${unicodeRange};
}`,
      }));
      // Once per plugin: the source never changes, and incremental rebuilds (npm run dev) call onLoad again.
      let subset: Promise<Buffer> | undefined;
      build.onLoad({ filter: /^inter-latin-wght-subset\.woff2$/, namespace: NAMESPACE }, async () => ({
        loader: "file",
        contents: await (subset ??= subsetInter()),
      }));
    },
  };
}
