// A picture shown through <img> cannot fetch the site's font, so its <text> would fall back to
// whatever sans the browser has. The build gives each SVG that sets text its own copy of Funnel
// Sans as a data: URI, cut to exactly that picture's characters and weights; the sources in
// public/ keep plain, readable <text>.
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import subsetFont from "subset-font";
import { filesUnder } from "./filesUnder.ts";
import { FACES } from "./fontSubset.ts";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

const decode = (text: string) =>
  text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name: string) =>
    name[0] === "#"
      ? String.fromCodePoint(Number(name[1] === "x" || name[1] === "X" ? `0${name.slice(1)}` : name.slice(1)))
      : (ENTITIES[name] ?? whole),
  );

/** The characters an SVG's <text> elements show (tags inside them, such as <tspan>, dropped). */
export function svgTextCharacters(svg: string): string {
  const chars = new Set<string>();
  for (const [, inner] of svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g))
    for (const ch of decode(inner!.replace(/<[^>]*>/g, ""))) if (ch.trim()) chars.add(ch);
  return [...chars].sort().join("");
}

/** The weights an SVG asks for (400 when none is named). */
export function svgWeights(svg: string): number[] {
  const weights = new Set([...svg.matchAll(/font-weight[=:]\s*"?(\d{3})/g)].map(([, w]) => Number(w)));
  if (!weights.size || /<text\b(?![^>]*font-weight)/.test(svg)) weights.add(400);
  return [...weights].sort((a, b) => a - b);
}

/** The SVG with a <style> that sets all its text in an embedded subset of Funnel Sans. */
export async function embedSvgFont(svg: string, font = readFileSync(FACES.sans.source)): Promise<string> {
  const chars = svgTextCharacters(svg);
  if (!chars) return svg;
  const weights = svgWeights(svg);
  // One weight: pin the instance (no variation tables); several: keep just the range between.
  const wght = weights.length === 1 ? weights[0]! : { min: weights[0]!, max: weights.at(-1)! };
  // A space is kept so that gaps between words keep the font's own advance.
  const subset = await subsetFont(font, `${chars} `, { targetFormat: "woff2", variationAxes: { wght } });
  const style =
    `<style>@font-face{font-family:f;src:url(data:font/woff2;base64,${subset.toString("base64")})}` +
    `text{font-family:f,sans-serif}</style>`;
  return svg.replace(/<svg\b[^>]*>/, (open) => open + style);
}

/** Embeds the font into every SVG under dir that sets text; returns how many it changed. */
export async function embedSvgFonts(dir: string): Promise<number> {
  const font = readFileSync(FACES.sans.source);
  const files = filesUnder(dir, /\.svg$/);
  const changed = await Promise.all(
    files.map(async (file) => {
      const svg = await readFile(file, "utf8");
      const out = await embedSvgFont(svg, font);
      if (out !== svg) await writeFile(file, out);
      return out !== svg;
    }),
  );
  return changed.filter(Boolean).length;
}
