// Writes the site's subset typeface to client/fonts/funnel-sans.woff2 (scripts/lib/fontSubset.ts).
// Run after adding text with a character outside printable ASCII: npm run font
// (test/unit/font.test.ts fails until you do).
import { writeFile } from "node:fs/promises";
import { FONT_FILE, siteCharacters, subsetSiteFont } from "./lib/fontSubset.ts";

const font = await subsetSiteFont();
await writeFile(FONT_FILE, font);
console.log(`wrote ${FONT_FILE}: ${font.length} bytes, ${[...siteCharacters()].length} characters`);
