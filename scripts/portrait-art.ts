// The people's portraits (team and testimonials) drawn in the site's own illustration style: the
// agents' line art, a gradient stroke on the art's dark ground, no skin or cartoon face. Each
// portrait differs by its silhouette (hair, glasses, collar, headset), never by a caricature.
// `npx tsx scripts/portrait-art.ts` rewrites public/images/team/*.svg and testimonials/*.svg.
import { writeFileSync } from "node:fs";
import { artPalette } from "./lib/palette.ts";

const p = artPalette();

type Look = {
  /** Whose portrait: its <title>. */
  name: string;
  /** Hair (or head covering) outline over the head. */
  hair: string;
  /** What sits at the neck: a collar, a tie, a crew neck. */
  neck: string;
  /** An optional accessory: glasses, a headset. */
  extra?: string;
  /** Which end of the gradient the ground's glow takes. */
  glow: "violet" | "signal";
  /** The head's setting in the ring when the default crops it (a bun above the head). */
  fit?: string;
};

// One head and one pair of shoulders for all: the same hand, as the agents' drawings share one.
const HEAD = `<ellipse cx="120" cy="106" rx="33" ry="39"/>`;
const SHOULDERS = `<path d="M36 240C42 190 78 170 104 166M136 166C162 170 198 190 204 240"/><path d="M106 144V166M134 144V166"/>`;

const looks: Record<string, Look> = {
  // Oliver Grant, CEO & Founder: short side-parted hair, open collar and a tie.
  "team/ceo": {
    name: "Oliver Grant",
    hair: `<path d="M87 102C84 72 100 60 122 60C144 60 157 74 153 102"/><path d="M102 66C110 80 130 84 152 86"/>`,
    neck: `<path d="M104 166L120 186L136 166"/><path d="M120 186L114 220L120 232L126 220Z"/>`,
    glow: "violet",
  },
  // Dr Nadia Rahman, CTO & Co-Founder: long hair to the shoulders, round glasses.
  "team/cto": {
    name: "Dr Nadia Rahman",
    hair: `<path d="M88 112C80 66 104 58 120 58C142 58 162 70 152 112C150 134 158 152 166 160"/><path d="M88 112C90 134 82 152 74 160"/><path d="M96 74C112 84 136 80 150 92"/>`,
    neck: `<path d="M106 166C110 178 130 178 134 166"/>`,
    extra: `<circle cx="107" cy="108" r="9"/><circle cx="133" cy="108" r="9"/><path d="M116 108H124"/>`,
    glow: "signal",
  },
  // Tomasz Kowalski, Cloud Architect/DevOps Engineer: cropped hair, a headset for the on-call.
  "team/devops": {
    name: "Tomasz Kowalski",
    hair: `<path d="M88 98C88 70 104 64 120 64C136 64 152 70 152 98"/><path d="M92 82H148"/>`,
    neck: `<path d="M104 166C110 174 130 174 136 166"/><path d="M120 172V200"/>`,
    extra: `<path d="M82 110C78 60 162 60 158 110"/><rect x="76" y="102" width="12" height="22" rx="5"/><rect x="152" y="102" width="12" height="22" rx="5"/><path d="M82 124C84 142 98 148 112 146"/>`,
    glow: "violet",
  },
  // Laura Jensen, Operations Lead: hair drawn up in a knot, a crew neck.
  "testimonials/client-1": {
    name: "Laura Jensen",
    hair: `<circle cx="120" cy="52" r="13"/><path d="M87 104C84 76 100 64 120 64C140 64 156 76 153 104"/><path d="M98 76C108 86 132 86 142 76"/>`,
    neck: `<path d="M104 166C110 176 130 176 136 166"/>`,
    glow: "signal",
    fit: "translate(-24 -28) scale(1.2)",
  },
  // Ravi Mehta, Head of Customer Experience: swept hair, a beard line and an open collar.
  "testimonials/client-2": {
    name: "Ravi Mehta",
    hair: `<path d="M87 100C84 70 104 56 126 60C146 64 156 80 153 100"/><path d="M100 70C116 66 136 70 150 84"/>`,
    neck: `<path d="M104 166L120 182L136 166"/><path d="M120 182V232"/>`,
    extra: `<path d="M89 118C94 138 106 146 120 146C134 146 146 138 151 118"/>`,
    glow: "violet",
  },
};

function portrait(look: Look): string {
  const glow = look.glow === "violet" ? p.violet : p.signal;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" fill="none">` +
    `<defs>` +
    `<radialGradient id="r" cx=".5" cy=".42" r=".6"><stop offset="0" stop-color="${glow}" stop-opacity=".22"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.violetLight}"/><stop offset="1" stop-color="${p.signal}"/></linearGradient>` +
    `<pattern id="d" width="20" height="20" patternUnits="userSpaceOnUse"><circle cx="10" cy="10" r="1.2" fill="${p.border}"/></pattern>` +
    `<clipPath id="c"><circle cx="120" cy="120" r="120"/></clipPath>` +
    `</defs>` +
    `<g clip-path="url(#c)">` +
    `<rect width="240" height="240" fill="${p.surface2}"/><rect width="240" height="240" fill="url(#d)"/><rect width="240" height="240" fill="url(#r)"/>` +
    // Drawn on a 240 grid, then set 1.3x about the chest so the head and shoulders fill the ring.
    `<g transform="${look.fit ?? "translate(-36 -45) scale(1.3)"}" stroke="url(#m)" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round">` +
    `<g fill="${p.surface}">${HEAD}</g>${look.hair}${SHOULDERS}${look.neck}${look.extra ?? ""}` +
    `</g></g>` +
    `<title>Line portrait: ${look.name}</title>` +
    `</svg>\n`
  );
}

for (const [file, look] of Object.entries(looks)) {
  writeFileSync(new URL(`../public/images/${file}.svg`, import.meta.url), portrait(look));
}
