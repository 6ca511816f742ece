// The SVG art's palette, read from the tokens (client/styles/tokens.css) so the art and the page
// share one set of colours: the base colours as they are written there, and the tones the art
// needs mixed from them the way the stylesheet mixes (color-mix in oklab). An SVG loaded by <img>
// cannot read CSS variables, so the art carries these values; test/unit/colour-literals.test.ts
// fails on any other colour in our SVGs, and `npm run art-palette` rewrites them after a token change.
import { readFileSync } from "node:fs";

const TOKENS = new URL("../../client/styles/tokens.css", import.meta.url);

const BASE = ["ink", "paper", "ember", "signal", "success", "warning", "danger"] as const;
export type BaseColour = (typeof BASE)[number];

/** The base colours, as tokens.css defines them (`--ink: #0e0d12;` ...). */
export function baseColours(css = readFileSync(TOKENS, "utf8")): Record<BaseColour, string> {
  const out = {} as Record<BaseColour, string>;
  for (const name of BASE) {
    const m = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})\\s*;`).exec(css);
    if (!m) throw new Error(`client/styles/tokens.css defines no --${name} as #rrggbb`);
    out[name] = m[1]!.toLowerCase();
  }
  return out;
}

type Lab = [number, number, number];
const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const fromLinear = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

export function hexToOklab(hex: string): Lab {
  const [r, g, b] = [1, 3, 5].map((i) => toLinear(parseInt(hex.slice(i, i + 2), 16) / 255)) as [number, number, number];
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

function oklabToHex([L, a, b]: Lab): string {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const rgb = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(1, Math.max(0, fromLinear(c))) * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** color-mix(in oklab, a, b p%): `p` of b in a. */
export function mix(a: string, b: string, p: number): string {
  const x = hexToOklab(a);
  const y = hexToOklab(b);
  return oklabToHex(x.map((v, i) => v + (y[i]! - v) * (p / 100)) as Lab);
}

/** Every colour the art may use, by role. The surfaces match tokens.css's mixes. */
export function artPalette(base = baseColours()) {
  const { ink, paper, ember, signal, success, warning, danger } = base;
  return {
    ink,
    bg2: mix(ink, paper, 3.5),
    surface: mix(ink, paper, 6),
    surface2: mix(ink, paper, 10),
    border: mix(ink, paper, 17),
    borderStrong: mix(ink, paper, 34),
    muted: mix(paper, ink, 28),
    paper,
    ember,
    emberLight: mix(ember, paper, 35),
    signal,
    success,
    warning,
    danger,
  } as const;
}
