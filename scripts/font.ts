// Writes the site's subset typefaces to client/fonts/ (scripts/lib/fontSubset.ts).
// Run after adding text with a character outside printable ASCII: npm run font
// (test/unit/font.test.ts fails until you do).
import { writeFile } from "node:fs/promises";
import { FACES, type FaceName, siteCharacters, subsetSiteFont } from "./lib/fontSubset.ts";

for (const face of Object.keys(FACES) as FaceName[]) {
  const font = await subsetSiteFont(face);
  await writeFile(FACES[face].file, font);
  console.log(`wrote ${FACES[face].file}: ${font.length} bytes, ${[...siteCharacters()].length} characters`);
}
