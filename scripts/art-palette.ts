// Brings every SVG of ours (public/, the agent pictures included) onto the palette of the tokens
// (scripts/lib/palette.ts), and writes the favicon, the logo mark on its tile. A colour takes the
// closest palette colour in oklab. Run after changing a base colour in tokens.css:
// npm run art-palette (test/unit/colour-literals.test.ts fails until you do).
import { readFileSync, writeFileSync } from "node:fs";
import { filesUnder } from "./lib/filesUnder.ts";
import { artPalette, hexToOklab } from "./lib/palette.ts";

const palette = artPalette();
function closest(hex: string): string {
  const [l, a, b] = hexToOklab(hex);
  let best: string = palette.ink;
  let bestD = Infinity;
  for (const value of Object.values(palette)) {
    const [l2, a2, b2] = hexToOklab(value);
    const d = (l - l2) ** 2 + (a - a2) ** 2 + (b - b2) ** 2;
    if (d < bestD) [best, bestD] = [value, d];
  }
  return best;
}

export function recolour(svg: string): string {
  return svg.replace(/#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b/g, (m) => {
    const hex = (m.length === 4 ? `#${[...m.slice(1)].map((c) => c + c).join("")}` : m).toLowerCase();
    return closest(hex);
  });
}

/** The logo mark (client/components/Logo.tsx): its ember tile filling the icon. */
export function faviconSvg(): string {
  const p = palette;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 34 34"><rect width="34" height="34" rx="8" fill="${p.ember}"/><path d="M8.5 25.5 17 8.5l8.5 17M12.6 19.5h8.8" fill="none" stroke="${p.ink}" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/><circle cx="8.5" cy="25.5" r="2.6" fill="${p.ink}"/><circle cx="25.5" cy="25.5" r="3.6" fill="${p.signal}" stroke="${p.ink}" stroke-width="2"/></svg>\n`;
}

export const ourSvgs = (root = "public") => filesUnder(root, /\.svg$/);

if (import.meta.url === `file://${process.argv[1]}`) {
  let changed = 0;
  for (const file of ourSvgs()) {
    const before = readFileSync(file, "utf8");
    const after = file.endsWith("favicon.svg") ? faviconSvg() : recolour(before);
    if (after === before) continue;
    writeFileSync(file, after);
    changed++;
  }
  console.log(`art-palette: ${changed} SVGs rewritten`);
}
