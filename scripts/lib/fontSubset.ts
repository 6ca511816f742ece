// The site's one typeface, Funnel Sans (SIL Open Font License 1.1, @fontsource-variable/funnel-sans),
// cut down to the characters the site can show: printable ASCII and the few other characters its
// sources use. Its weight axis is kept (400-700: body to headings), so one file sets every text.
// Pure and deterministic: scripts/font.ts writes client/fonts/funnel-sans.woff2, and
// test/unit/font.test.ts fails while that file is stale or a character the sources use is missing.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import subsetFont from "subset-font";
import { filesUnder } from "./filesUnder.ts";

export const FONT_SOURCE = "node_modules/@fontsource-variable/funnel-sans/files/funnel-sans-latin-wght-normal.woff2";
export const FONT_FILE = "client/fonts/funnel-sans.woff2";
/** The weights the type scale uses (client/styles/tokens.css): the axis is cut to this range. */
export const WEIGHTS = { min: 400, max: 700 } as const;

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

export async function subsetSiteFont(root = "."): Promise<Buffer> {
  return subsetFont(readFileSync(join(root, FONT_SOURCE)), siteCharacters(root), {
    targetFormat: "woff2",
    variationAxes: { wght: WEIGHTS },
  });
}
