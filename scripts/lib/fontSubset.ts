// The site's two typefaces, cut down to the characters the site can show, each under the SIL Open
// Font License 1.1:
// - Funnel Sans (@fontsource-variable/funnel-sans) sets every text. Its weight axis is kept
//   (400-700: body to headings), so one file sets them all.
// - Instrument Serif (@fontsource/instrument-serif) sets the display titles only: the page's h1 and
//   the section titles. One weight, no italic: a second file would double its bytes for one word.
// Pure and deterministic: scripts/font.ts writes client/fonts/, and test/unit/font.test.ts fails
// while a file is stale or a character the sources use is missing.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import subsetFont from "subset-font";
import { filesUnder } from "./filesUnder.ts";

interface Face {
  source: string;
  file: string;
  variationAxes?: Record<string, { min: number; max: number }>;
}

/** The weights the type scale uses (client/styles/tokens.css): the sans axis is cut to this range. */
export const WEIGHTS = { min: 400, max: 700 } as const;

export const FACES = {
  sans: {
    source: "node_modules/@fontsource-variable/funnel-sans/files/funnel-sans-latin-wght-normal.woff2",
    file: "client/fonts/funnel-sans.woff2",
    variationAxes: { wght: WEIGHTS },
  },
  display: {
    source: "node_modules/@fontsource/instrument-serif/files/instrument-serif-latin-400-normal.woff2",
    file: "client/fonts/instrument-serif.woff2",
  },
} as const satisfies Record<string, Face>;
export type FaceName = keyof typeof FACES;

/** Typographic extras a text may gain in the data at any time: cheap to keep in the subset. */
const EXTRAS = "’‘“”–—…•·×→←©®™€£";

/** Every character the site's texts can contain: printable ASCII, EXTRAS and whatever else the sources hold. */
export function siteCharacters(root = "."): string {
  const chars = new Set<string>();
  for (let c = 0x20; c < 0x7f; c++) chars.add(String.fromCharCode(c));
  for (const ch of EXTRAS) chars.add(ch);
  for (const file of ["shared", "client"].flatMap((dir) => filesUnder(join(root, dir), /\.tsx?$/)))
    for (const ch of readFileSync(file, "utf8")) {
      const code = ch.codePointAt(0)!;
      // Letters, punctuation and symbols a text may show; not emoji or box drawing in comments.
      if (code > 0x7f && code < 0x2500) chars.add(ch);
    }
  return [...chars].sort().join("");
}

export async function subsetSiteFont(face: FaceName = "sans", root = "."): Promise<Buffer> {
  const { source, variationAxes }: Face = FACES[face];
  return subsetFont(readFileSync(join(root, source)), siteCharacters(root), { targetFormat: "woff2", variationAxes });
}
