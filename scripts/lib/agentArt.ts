// One illustration per agent card, drawn from the card's own data: the category picks the motif
// and the colour pair, a seed from the card's id and key moves, counts and turns its parts, so no
// two cards look alike. Pure: the same card always gives the same bytes (scripts/agent-art.ts
// writes them to public/images/agents/, a unit test keeps the files in step with this code).
import type { AgentCard } from "../../shared/data/types.ts";
import { artPalette } from "./palette.ts";

export const ART_WIDTH = 400;
export const ART_HEIGHT = 260;

/** The site palette: read from client/styles/tokens.css (scripts/lib/palette.ts). */
const art = artPalette();
const palette = {
  indigo: art.violet,
  violet: art.violetLight,
  cyan: art.signal,
  green: art.success,
  surface: art.surface,
  surface2: art.surface2,
  bg2: art.bg2,
  border: art.border,
  text: art.paper,
} as const;

type Draw = (rand: Random, c: Colors) => string;
interface Colors {
  a: string;
  b: string;
}
interface Variant {
  /** Short words for the image's accessible name inside the file. */
  subject: string;
  draw: Draw;
}
interface Motif {
  colors: [string, string];
  /** Whether the drawing still reads when mirrored left to right (a curve that rises must not fall). */
  mirror?: boolean;
  /** Compositions of the category; the card's seed (id and key) picks one, so neighbours in a
   *  category differ in kind even where the data repeats an id. */
  variants: Variant[];
}

/** mulberry32: small, fast, and the same on every machine. */
class Random {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
}

/** FNV-1a over the agent's name: the same agent gives the same picture wherever it is listed. */
export function seedOf(card: Pick<AgentCard, "name">): number {
  let hash = 0x811c9dc5;
  for (const ch of card.name) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const stroke = (w: number, extra = "") =>
  `fill="none" stroke="url(#m)" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"${extra}`;

function hexagon(cx: number, cy: number, r: number, turn = 0): string {
  const pts = Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 3) * i + turn;
    return `${r1(cx + r * Math.cos(a))},${r1(cy + r * Math.sin(a))}`;
  });
  return `M${pts.join("L")}Z`;
}

const reactive: Draw = (rand) => {
  const cx = rand.range(120, 280);
  const cy = rand.range(80, 130);
  // Only the rings that stay inside the frame.
  const rings = Array.from(
    { length: Math.min(rand.int(3, 5), Math.floor((cy - 30) / 22) + 1) },
    (_, i) =>
      `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${22 + i * 22}" ${stroke(2, ` opacity="${r1(0.9 - i * 0.18)}"`)}/>`,
  ).join("");
  // A pulse line with a few spikes at seeded places.
  let x = 24;
  let d = `M${x} 210`;
  while (x < 376) {
    x += rand.range(18, 46);
    if (rand.next() < 0.45 && x < 350) {
      const h = rand.range(30, 70);
      d += `H${r1(x)}l8 ${r1(-h)}l10 ${r1(h + 24)}l8 -24`;
      x += 26;
    }
  }
  d += "H376";
  const bolt = `M${r1(cx + 6)} ${r1(cy - 26)}l-18 28h14l-8 24 22 -32h-14z`;
  return `${rings}<path d="${bolt}" fill="url(#m)"/><path d="${d}" ${stroke(3)}/>`;
};

const deliberative: Draw = (rand) => {
  // A plan tree from left to right; one path through it is the chosen plan.
  const levels = rand.int(3, 4);
  const parts: string[] = [];
  const nodes: { x: number; y: number }[][] = [[{ x: 48, y: 130 }]];
  for (let l = 1; l <= levels; l++) {
    const count = Math.min(2 ** l, rand.int(2, 4) + l - 1);
    const x = 48 + (l * 300) / levels;
    nodes.push(
      Array.from({ length: count }, (_, i) => ({ x, y: r1(34 + ((i + 0.5) * 192) / count + rand.range(-6, 6)) })),
    );
  }
  let chosen = 0;
  for (let l = 1; l < nodes.length; l++) {
    const prev = nodes[l - 1]!;
    const next = nodes[l]!;
    const pick = rand.int(0, next.length - 1);
    next.forEach((n, i) => {
      const parentIndex = Math.min(prev.length - 1, Math.floor((i * prev.length) / next.length));
      const p = prev[parentIndex]!;
      const onPlan = parentIndex === chosen && i === pick;
      const mid = (p.x + n.x) / 2;
      parts.push(
        `<path d="M${p.x} ${p.y}C${r1(mid)} ${p.y} ${r1(mid)} ${n.y} ${n.x} ${n.y}" ${onPlan ? stroke(3.5) : `fill="none" stroke="${palette.border}" stroke-width="2"`}/>`,
      );
    });
    // Keep the plan connected: the picked node hangs off the chosen parent if it can.
    chosen = next.findIndex(
      (_, i) => Math.min(prev.length - 1, Math.floor((i * prev.length) / next.length)) === chosen && i === pick,
    );
    if (chosen < 0) chosen = pick;
  }
  nodes
    .flat()
    .forEach((n, i) =>
      parts.push(
        `<circle cx="${n.x}" cy="${n.y}" r="${i === 0 ? 12 : 8}" fill="${palette.surface2}" ${stroke(2.5).replace('fill="none" ', "")}/>`,
      ),
    );
  return parts.join("");
};

const hybrid: Draw = (rand) => {
  const cx = rand.range(170, 230);
  const cy = 130;
  // Left: fast reflex zigzag; right: a small planning graph; the core joins them.
  let d = `M24 ${cy}`;
  const teeth = rand.int(4, 7);
  const step = (cx - 60) / teeth;
  for (let i = 0; i < teeth; i++)
    d += `l${r1(step / 2)} ${r1(i % 2 ? 40 : -40)}l${r1(step / 2)} ${r1(i % 2 ? -40 : 40)}`;
  d += `H${r1(cx - 34)}`;
  const graph: string[] = [];
  const pts = Array.from({ length: rand.int(4, 6) }, () => ({
    x: r1(rand.range(cx + 70, 372)),
    y: r1(rand.range(40, 220)),
  }));
  pts.forEach((p) =>
    graph.push(
      `<path d="M${r1(cx + 34)} ${cy}L${p.x} ${p.y}" fill="none" stroke="${palette.border}" stroke-width="2"/>`,
    ),
  );
  pts.forEach((p, i) =>
    graph.push(
      `<circle cx="${p.x}" cy="${p.y}" r="${7 + (i % 3) * 2}" fill="${i === 0 ? "url(#m)" : palette.surface2}" ${stroke(2.5).replace('fill="none" ', "")}/>`,
    ),
  );
  return `<path d="${d}" ${stroke(3)}/>${graph.join("")}<path d="${hexagon(cx, cy, 34, rand.range(0, 1))}" fill="${palette.surface}" ${stroke(3).replace('fill="none" ', "")}/><path d="${hexagon(cx, cy, 16, 0.5)}" fill="url(#m)"/>`;
};

const learning: Draw = (rand) => {
  // A learning curve over a field of attempts: noisy early, sharp later.
  const rate = rand.range(2.5, 5);
  const top = rand.range(40, 70);
  const y = (t: number) => 220 - (220 - top) * (1 - Math.exp(-rate * t));
  const curve = Array.from({ length: 33 }, (_, i) => {
    const t = i / 32;
    return `${i ? "L" : "M"}${r1(30 + t * 340)} ${r1(y(t))}`;
  }).join("");
  const dots = Array.from({ length: rand.int(14, 22) }, () => {
    const t = rand.next();
    const noise = (1 - t) * rand.range(-40, 40);
    return `<circle cx="${r1(30 + t * 340)}" cy="${r1(Math.min(228, y(t) + noise))}" r="3.5" fill="${palette.violet}" opacity="${r1(rand.range(0.35, 0.8))}"/>`;
  }).join("");
  const bars = Array.from({ length: 8 }, (_, i) => {
    const h = r1(12 + ((i + 1) / 8) * rand.range(30, 60));
    return `<rect x="${40 + i * 42}" y="${r1(236 - h)}" width="18" height="${h}" rx="4" fill="url(#m)" opacity=".28"/>`;
  }).join("");
  return `${bars}${dots}<path d="${curve}" ${stroke(4)}/><circle cx="370" cy="${r1(y(1))}" r="9" fill="url(#m)"/>`;
};

const autonomous: Draw = (rand) => {
  const cx = rand.range(150, 250);
  const cy = rand.range(115, 145);
  const parts: string[] = [];
  const count = rand.int(2, 3);
  for (let i = 0; i < count; i++) {
    let rx = 150 - i * 34 + rand.range(-10, 10);
    let ry = 46 - i * 6 + rand.range(-6, 6);
    const turn = r1(rand.range(-35, 35));
    // Shrink an orbit that would cross the frame (12 px clear of every edge, its planet included).
    const t = (turn * Math.PI) / 180;
    const halfW = Math.hypot(rx * Math.cos(t), ry * Math.sin(t)) + 10;
    const halfH = Math.hypot(rx * Math.sin(t), ry * Math.cos(t)) + 10;
    const fit = Math.min(1, (Math.min(cx, 400 - cx) - 12) / halfW, (Math.min(cy, 260 - cy) - 12) / halfH);
    rx *= fit;
    ry *= fit;
    const a = rand.range(0, Math.PI * 2);
    parts.push(
      `<g transform="rotate(${turn} ${r1(cx)} ${r1(cy)})"><ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" ${stroke(2, ` opacity="${r1(0.85 - i * 0.2)}"`)}/>` +
        `<circle cx="${r1(cx + rx * Math.cos(a))}" cy="${r1(cy + ry * Math.sin(a))}" r="${8 - i * 1.5}" fill="url(#m)"/></g>`,
    );
  }
  return `${parts.join("")}<circle cx="${r1(cx)}" cy="${r1(cy)}" r="26" fill="${palette.surface}" ${stroke(3).replace('fill="none" ', "")}/><path d="M${r1(cx - 9)} ${r1(cy + 10)}l9 -22 9 22 -9 -5z" fill="url(#m)"/>`;
};

const multiAgent: Draw = (rand) => {
  // A swarm: agents at seeded places, each linked to its two nearest neighbours.
  const pts = Array.from({ length: rand.int(8, 12) }, () => ({
    x: r1(rand.range(40, 360)),
    y: r1(rand.range(36, 224)),
  }));
  const links = new Set<string>();
  pts.forEach((p, i) => {
    pts
      .map((q, j) => ({ j, d: (p.x - q.x) ** 2 + (p.y - q.y) ** 2 }))
      .filter((e) => e.j !== i)
      .sort((m, n) => m.d - n.d)
      .slice(0, 2)
      .forEach(({ j }) => links.add(i < j ? `${i}-${j}` : `${j}-${i}`));
  });
  const lines = [...links].map((k) => {
    const [i, j] = k.split("-").map(Number) as [number, number];
    return `<path d="M${pts[i]!.x} ${pts[i]!.y}L${pts[j]!.x} ${pts[j]!.y}" ${stroke(2, ' opacity=".6"')}/>`;
  });
  const nodes = pts.map((p, i) =>
    i % 3 === 0
      ? `<circle cx="${p.x}" cy="${p.y}" r="11" fill="url(#m)"/>`
      : `<circle cx="${p.x}" cy="${p.y}" r="8" fill="${palette.surface2}" ${stroke(2.5).replace('fill="none" ', "")}/>`,
  );
  return lines.join("") + nodes.join("");
};

const conversational: Draw = (rand) => {
  const bubble = (x: number, y: number, w: number, h: number, tailLeft: boolean, filled: boolean) => {
    const tail = tailLeft ? `M${x + 22} ${y + h}l-6 16 20 -16` : `M${x + w - 22} ${y + h}l6 16 -20 -16`;
    const lines = Array.from({ length: Math.max(1, Math.floor((h - 18) / 16)) }, (_, i) => {
      const lw = r1(rand.range(0.45, 0.85) * (w - 36));
      return `<rect x="${r1(x + 18)}" y="${r1(y + 16 + i * 16)}" width="${lw}" height="7" rx="3.5" fill="${filled ? palette.bg2 : palette.violet}" opacity="${filled ? ".55" : ".6"}"/>`;
    }).join("");
    const fill = filled ? 'fill="url(#m)"' : `fill="${palette.surface2}" stroke="url(#m)" stroke-width="2"`;
    return `<path d="${tail}" ${fill}/><rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" rx="16" ${fill}/>${lines}`;
  };
  const first = { x: rand.range(24, 70), y: rand.range(24, 44), w: rand.range(170, 220), h: rand.pick([50, 66]) };
  const second = {
    x: rand.range(150, 190),
    y: first.y + first.h + rand.range(26, 34),
    w: rand.range(160, 200),
    h: rand.pick([50, 66]),
  };
  const typing = Array.from(
    { length: 3 },
    (_, i) =>
      `<circle cx="${r1(first.x + 30 + i * 16)}" cy="226" r="5" fill="${palette.cyan}" opacity="${r1(0.4 + i * 0.25)}"/>`,
  ).join("");
  return (
    bubble(first.x, first.y, first.w, first.h, true, false) +
    bubble(second.x, second.y, Math.min(second.w, 376 - second.x), second.h, false, true) +
    typing
  );
};

const ethical: Draw = (rand) => {
  const cx = rand.range(150, 250);
  const cy = 128;
  const rings = Array.from(
    { length: 3 },
    (_, i) =>
      `<path d="${hexagon(cx, cy, 56 + i * 26, rand.range(0, 0.5))}" ${stroke(1.5, ` opacity="${r1(0.5 - i * 0.13)}"`)}/>`,
  ).join("");
  const shield = `M${r1(cx)} ${cy - 52}l40 14v30c0 26-17 44-40 52-23-8-40-26-40-52v-30z`;
  const mark =
    rand.next() < 0.5
      ? `<path d="M${r1(cx - 16)} ${cy}l11 12 22 -24" ${stroke(5)}/>`
      : `<path d="M${r1(cx)} ${cy - 22}v40M${r1(cx - 20)} ${cy - 12}h40M${r1(cx - 20)} ${cy - 12}l-8 18h16zM${r1(cx + 20)} ${cy - 12}l-8 18h16z" ${stroke(3)}/>`;
  const sparks = Array.from(
    { length: rand.int(4, 7) },
    () =>
      `<circle cx="${r1(rand.range(30, 370))}" cy="${r1(rand.range(24, 236))}" r="${r1(rand.range(2, 4))}" fill="${palette.green}" opacity=".6"/>`,
  ).join("");
  return `${rings}${sparks}<path d="${shield}" fill="${palette.surface}" ${stroke(3.5).replace('fill="none" ', "")}/>${mark}`;
};

const ballot: Draw = (rand) => {
  // Votes cast into a ballot box: one card on its way in, the tally lit beside it.
  const cx = rand.range(150, 210);
  const box = `<rect x="${r1(cx - 70)}" y="112" width="140" height="96" rx="10" fill="${palette.surface}" ${stroke(3.5).replace('fill="none" ', "")}/>`;
  const slot = `<path d="M${r1(cx - 34)} 112h68" ${stroke(6)}/>`;
  const card = `<g transform="rotate(${r1(rand.range(-8, 8))} ${r1(cx)} 86)"><rect x="${r1(cx - 26)}" y="52" width="52" height="64" rx="6" fill="${palette.surface2}" ${stroke(2.5).replace('fill="none" ', "")}/><path d="M${r1(cx - 12)} 84l8 9 16 -18" ${stroke(4)}/></g>`;
  const votes = rand.int(5, 8);
  const tally = Array.from({ length: 8 }, (_, i) => {
    const x = r1(cx + 110 + (i % 2) * 26);
    const y = r1(96 + Math.floor(i / 2) * 28);
    return i < votes
      ? `<circle cx="${x}" cy="${y}" r="8" fill="url(#m)"/>`
      : `<circle cx="${x}" cy="${y}" r="8" ${stroke(2, ' opacity=".5"')}/>`;
  }).join("");
  return `${box}${card}${slot}${tally}<path d="M${r1(cx - 40)} 168h80M${r1(cx - 40)} 184h52" ${stroke(3, ' opacity=".5"')}/>`;
};

const route: Draw = (rand) => {
  // A course steered on its own around the obstacles in its way, an arrow at its head.
  const obstacles = Array.from({ length: 4 }, (_, i) => ({
    x: 90 + i * 72 + rand.range(-8, 8),
    y: i % 2 ? rand.range(70, 100) : rand.range(160, 190),
    r: rand.range(16, 24),
  }));
  const rocks = obstacles
    .map(
      (o) =>
        `<circle cx="${r1(o.x)}" cy="${r1(o.y)}" r="${r1(o.r)}" fill="${palette.surface2}" stroke="${palette.border}" stroke-width="2"/>`,
    )
    .join("");
  const pts = [
    { x: 30, y: 130 },
    ...obstacles.map((o, i) => ({ x: o.x, y: i % 2 ? o.y + o.r + 34 : o.y - o.r - 34 })),
    { x: 370, y: 130 },
  ];
  let d = `M${pts[0]!.x} ${pts[0]!.y}`;
  for (let i = 1; i < pts.length; i++) {
    const p = pts[i - 1]!;
    const q = pts[i]!;
    d += `C${r1((p.x + q.x) / 2)} ${r1(p.y)} ${r1((p.x + q.x) / 2)} ${r1(q.y)} ${r1(q.x)} ${r1(q.y)}`;
  }
  return `${rocks}<path d="${d}" ${stroke(3.5)}/><path d="M354 118l18 12-18 12" ${stroke(4)}/><circle cx="30" cy="130" r="7" fill="url(#m)"/>`;
};

const expert: Draw = (rand) => {
  // A honeycomb of rules, a few of them lit: the ones that fired.
  const size = 24;
  const w = Math.sqrt(3) * size;
  const cells: string[] = [];
  // Whole cells only, clear of the frame on every side: the honeycomb never touches its edges.
  const ox = rand.range(34, 44);
  for (let row = 0; row < 6; row++) {
    for (let col = 0; col < 9; col++) {
      const cx = ox + col * w + (row % 2 ? w / 2 : 0);
      const cy = 36 + row * size * 1.5;
      if (cx - size < 8 || cx + size > 392) continue;
      const roll = rand.next();
      const look =
        roll < 0.14
          ? 'fill="url(#m)" opacity=".9"'
          : roll < 0.3
            ? 'fill="none" stroke="url(#m)" stroke-width="2" opacity=".7"'
            : `fill="none" stroke="${palette.border}" stroke-width="1.5"`;
      cells.push(`<use href="#x" x="${r1(cx)}" y="${r1(cy)}" ${look}/>`);
    }
  }
  // One cell drawn once and placed many times keeps the file small.
  return `<defs><path id="x" d="${hexagon(0, 0, size - 3, Math.PI / 6)}"/></defs>${cells.join("")}`;
};

const sensorGrid: Draw = (rand) => {
  // A field of sensors; one reading crosses the line and fires.
  const cols = 10;
  const rows = 5;
  const hit = { c: rand.int(2, cols - 3), r: rand.int(1, rows - 2) };
  const parts: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = 38 + c * 36;
      const y = 44 + r * 36;
      const isHit = r === hit.r && c === hit.c;
      parts.push(
        isHit
          ? `<circle cx="${x}" cy="${y}" r="9" fill="url(#m)"/>`
          : `<circle cx="${x}" cy="${y}" r="${r1(rand.range(2.5, 5))}" fill="${palette.violet}" opacity="${r1(rand.range(0.25, 0.6))}"/>`,
      );
    }
  }
  const hx = 38 + hit.c * 36;
  const hy = 44 + hit.r * 36;
  const rays = Array.from({ length: 8 }, (_, i) => {
    const a = (Math.PI / 4) * i + 0.2;
    return `M${r1(hx + 16 * Math.cos(a))} ${r1(hy + 16 * Math.sin(a))}L${r1(hx + 30 * Math.cos(a))} ${r1(hy + 30 * Math.sin(a))}`;
  }).join("");
  return `${parts.join("")}<path d="${rays}" ${stroke(2.5)}/><circle cx="${hx}" cy="${hy}" r="44" ${stroke(1.5, ' opacity=".5"')}/><path d="M20 ${hy}H380" stroke="${palette.violet}" stroke-width="1.5" stroke-dasharray="6 8" opacity=".5"/>`;
};

const gauge: Draw = (rand) => {
  // A dial whose needle has just passed the set threshold.
  const cx = 200;
  const cy = 190;
  const r = 120;
  const at = (t: number, rr = r) => `${r1(cx - rr * Math.cos(Math.PI * t))} ${r1(cy - rr * Math.sin(Math.PI * t))}`;
  const threshold = rand.range(0.55, 0.75);
  const needle = threshold + rand.range(0.06, 0.14);
  const ticks = Array.from(
    { length: 13 },
    (_, i) => `M${at(i / 12, r - 10)}L${at(i / 12, r - (i % 3 ? 20 : 28))}`,
  ).join("");
  return (
    `<path d="M${at(0)}A${r} ${r} 0 0 1 ${at(threshold)}" ${stroke(10, ' opacity=".35"')}/>` +
    `<path d="M${at(threshold)}A${r} ${r} 0 0 1 ${at(1)}" ${stroke(10)}/>` +
    `<path d="${ticks}" stroke="${palette.border}" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M${cx} ${cy}L${at(needle, r - 34)}" ${stroke(5)}/><circle cx="${cx}" cy="${cy}" r="16" fill="${palette.surface2}" ${stroke(3).replace('fill="none" ', "")}/>` +
    `<path d="M${cx + 4} ${cy - 9}l-9 11h7l-4 8 10 -12h-7z" fill="url(#m)"/>`
  );
};

const stepPlan: Draw = (rand) => {
  // A board of squares and the planned route across it, start to flag.
  const size = 34;
  const cols = 9;
  const rows = 5;
  const ox = 47;
  const oy = 45;
  const cells: string[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      cells.push(
        `<rect x="${ox + c * size + 3}" y="${oy + r * size + 3}" width="${size - 6}" height="${size - 6}" rx="6" fill="${palette.surface}" stroke="${palette.border}" stroke-width="1.5"/>`,
      );
  let c = 0;
  let r = rand.int(0, rows - 1);
  const pts = [[c, r]];
  while (c < cols - 1) {
    if (rand.next() < 0.6) c++;
    else r = Math.max(0, Math.min(rows - 1, r + (rand.next() < 0.5 ? -1 : 1)));
    pts.push([c, r]);
  }
  const center = ([pc, pr]: number[]) => `${ox + pc! * size + size / 2} ${oy + pr! * size + size / 2}`;
  const route = `M${pts.map(center).join("L")}`;
  const [ec, er] = pts[pts.length - 1]!;
  const fx = ox + ec! * size + size / 2;
  const fy = oy + er! * size + size / 2;
  return `${cells.join("")}<path d="${route}" ${stroke(4)}/><circle cx="${ox + size / 2}" cy="${oy + pts[0]![1]! * size + size / 2}" r="8" fill="url(#m)"/><path d="M${fx - 4} ${fy + 10}V${fy - 14}l14 6 -14 6" fill="url(#m)" stroke="url(#m)" stroke-width="2" stroke-linejoin="round"/>`;
};

const flowchart: Draw = (rand) => {
  // Options weighed at a decision, one of them taken.
  const y = rand.range(110, 150);
  const box = (x: number, yy: number, w: number, lit: boolean) =>
    `<rect x="${r1(x)}" y="${r1(yy - 20)}" width="${w}" height="40" rx="10" fill="${lit ? "url(#m)" : palette.surface2}" stroke="${lit ? "none" : palette.border}" stroke-width="2"/>`;
  const up = r1(y - rand.range(55, 75));
  const down = r1(y + rand.range(55, 75));
  const takeUp = rand.next() < 0.5;
  const diamond = `M160 ${r1(y)}l30 -30 30 30 -30 30z`;
  return (
    `<path d="M108 ${r1(y)}H160M220 ${r1(y)}H246C262 ${r1(y)} 262 ${up} 278 ${up}M246 ${r1(y)}C262 ${r1(y)} 262 ${down} 278 ${down}" fill="none" stroke="${palette.border}" stroke-width="2.5"/>` +
    `<path d="M220 ${r1(y)}H246C262 ${r1(y)} 262 ${takeUp ? up : down} 278 ${takeUp ? up : down}" ${stroke(3.5)}/>` +
    box(28, y, 80, false) +
    `<path d="${diamond}" fill="${palette.surface}" ${stroke(3).replace('fill="none" ', "")}/>${[-9, 0, 9].map((dx) => `<circle cx="${190 + dx}" cy="${r1(y)}" r="3" fill="${palette.text}"/>`).join("")}` +
    box(278, up, 96, takeUp) +
    box(278, down, 96, !takeUp) +
    `<rect x="42" y="${r1(y - 4)}" width="${r1(rand.range(30, 50))}" height="8" rx="4" fill="${palette.violet}" opacity=".6"/>`
  );
};

const layered: Draw = (rand) => {
  // Two layers: quick reflexes on top, a planner below, and the links between them.
  const top = 78;
  const bottom = 186;
  let d = `M24 ${top}`;
  for (let x = 24; x < 376; x += 22)
    d += `L${Math.min(376, x + 11)} ${top + (rand.next() < 0.5 ? -20 : 20)}L${Math.min(376, x + 22)} ${top}`;
  const count = rand.int(4, 6);
  const nodes = Array.from({ length: count }, (_, i) => 50 + (i * 300) / (count - 1));
  const links = nodes
    .map(
      (x, i) =>
        `<path d="M${r1(x)} ${bottom}V${top + 26}" stroke="${palette.border}" stroke-width="2" stroke-dasharray="4 6"/>` +
        (i ? `<path d="M${r1(nodes[i - 1]!)} ${bottom}H${r1(x)}" ${stroke(2.5)}/>` : ""),
    )
    .join("");
  const dots = nodes
    .map(
      (x, i) =>
        `<circle cx="${r1(x)}" cy="${bottom}" r="${i % 2 ? 8 : 11}" fill="${i % 2 ? palette.surface2 : "url(#m)"}" stroke="url(#m)" stroke-width="2.5"/>`,
    )
    .join("");
  return `${links}<path d="${d}" ${stroke(3)}/>${dots}`;
};

const neuralNet: Draw = (rand) => {
  // A small network whose strongest path lights up as it learns.
  const layers = [rand.int(3, 4), rand.int(4, 5), rand.int(4, 5), rand.int(2, 3)];
  const pos = layers.map((n, l) =>
    Array.from({ length: n }, (_, i) => ({ x: 60 + l * 93, y: r1(130 + (i - (n - 1) / 2) * 44) })),
  );
  const parts: string[] = [];
  const path = pos.map((layer) => rand.int(0, layer.length - 1));
  for (let l = 0; l < pos.length - 1; l++) {
    for (const [i, a] of pos[l]!.entries()) {
      for (const [j, b] of pos[l + 1]!.entries()) {
        const lit = path[l] === i && path[l + 1] === j;
        parts.push(
          `<path d="M${a.x} ${a.y}L${b.x} ${b.y}" ${lit ? stroke(3.5) : `stroke="${palette.border}" stroke-width="1.5"`}/>`,
        );
      }
    }
  }
  pos.forEach((layer, l) =>
    layer.forEach((n, i) =>
      parts.push(
        `<circle cx="${n.x}" cy="${n.y}" r="10" fill="${path[l] === i ? "url(#m)" : palette.surface2}" stroke="url(#m)" stroke-width="2"/>`,
      ),
    ),
  );
  return parts.join("");
};

const staircase: Draw = (rand) => {
  // Progress in steps: each attempt a little higher than the last.
  const steps = rand.int(6, 8);
  const w = 320 / steps;
  let y = 214;
  let d = `M40 ${y}`;
  const marks: string[] = [];
  for (let i = 0; i < steps; i++) {
    const rise = rand.range(14, 26);
    d += `H${r1(40 + (i + 1) * w)}`;
    if (i < steps - 1) {
      y -= rise;
      d += `V${r1(y)}`;
    }
    marks.push(
      `<rect x="${r1(40 + i * w + 6)}" y="${r1(y + 6)}" width="${r1(w - 12)}" height="${r1(222 - y)}" rx="6" fill="url(#m)" opacity="${r1(0.12 + (i / steps) * 0.3)}"/>`,
    );
  }
  return `${marks.join("")}<path d="${d}" ${stroke(3.5)}/><path d="M${r1(40 + (steps - 0.5) * w)} ${r1(y - 40)}l10 16h-20z" fill="url(#m)"/>`;
};

const motifs: Record<string, Motif> = {
  "Reactive Agents": {
    mirror: true,
    colors: [palette.cyan, palette.indigo],
    variants: [
      { subject: "a pulse and the ripples it sets off", draw: reactive },
      { subject: "a field of sensors, one of them firing", draw: sensorGrid },
      { subject: "a dial past its threshold", draw: gauge },
    ],
  },
  "Deliberative Agents": {
    mirror: true,
    colors: [palette.indigo, palette.cyan],
    variants: [
      { subject: "a plan tree with one chosen path", draw: deliberative },
      { subject: "a route planned across a board", draw: stepPlan },
      { subject: "a decision weighing its options", draw: flowchart },
    ],
  },
  "Hybrid Agents": {
    mirror: true,
    colors: [palette.cyan, palette.green],
    variants: [
      { subject: "fast reflexes joined to a planning graph", draw: hybrid },
      { subject: "a reflex layer over a planning layer", draw: layered },
    ],
  },
  "Learning Agents": {
    colors: [palette.green, palette.cyan],
    variants: [
      { subject: "a learning curve rising over attempts", draw: learning },
      { subject: "a small neural network, its strongest path lit", draw: neuralNet },
      { subject: "progress climbing step by step", draw: staircase },
    ],
  },
  "Autonomous Agents": {
    mirror: true,
    colors: [palette.violet, palette.cyan],
    variants: [
      { subject: "orbits around a self-steering core", draw: autonomous },
      { subject: "a course steered around obstacles", draw: route },
    ],
  },
  "Multi-Agent Systems (MAS)": {
    mirror: true,
    colors: [palette.indigo, palette.green],
    variants: [{ subject: "a swarm of linked agents", draw: multiAgent }],
  },
  "Conversational Agents": {
    colors: [palette.cyan, palette.violet],
    variants: [{ subject: "a conversation in speech bubbles", draw: conversational }],
  },
  "Ethical or Value-Aligned Agents": {
    colors: [palette.green, palette.indigo],
    variants: [
      { subject: "a shield inside rings of values", draw: ethical },
      { subject: "votes cast into a ballot box", draw: ballot },
    ],
  },
  "Expert Systems": {
    colors: [palette.violet, palette.green],
    variants: [{ subject: "a honeycomb of rules, some fired", draw: expert }],
  },
};

/** Each agent's own drawing, by its name: an agent listed on the home page and on the Category
 *  page is the same agent with the same picture, and the agents side by side in one category never
 *  share a composition (where a composition repeats across categories, colours and seed differ). */
const pictures: Record<string, Variant> = {
  "Sentinel Price Watcher": { subject: "a dial past its threshold", draw: gauge },
  "Gas Fee Optimiser": { subject: "a decision weighing its options", draw: flowchart },
  "Anomaly Alert Bot": { subject: "a pulse and the ripples it sets off", draw: reactive },
  "Edge Sensor Responder": { subject: "a field of sensors, one of them firing", draw: sensorGrid },
  "Community Moderation Agent": { subject: "a shield inside rings of values", draw: ethical },
  "Strategos Planner": { subject: "a plan tree with one chosen path", draw: deliberative },
  "Treasury Planner": { subject: "a decision weighing its options", draw: flowchart },
  "Route Reasoner": { subject: "a course steered around obstacles", draw: route },
  "Project Scheduler": { subject: "a route planned across a board", draw: stepPlan },
  "Nexus Hybrid Operator": { subject: "fast reflexes joined to a planning graph", draw: hybrid },
  "Warehouse Drone Pilot": { subject: "a route planned across a board", draw: stepPlan },
  "Dual-Mode Trading Desk": { subject: "a reflex layer over a planning layer", draw: layered },
  "Cortex Learner": { subject: "a small neural network, its strongest path lit", draw: neuralNet },
  "Churn Predictor": { subject: "a learning curve rising over attempts", draw: learning },
  "Adaptive Tutor": { subject: "progress climbing step by step", draw: staircase },
  "Atlas Autonomous Trader": { subject: "orbits around a self-steering core", draw: autonomous },
  "Vault DeFi Rebalancer": { subject: "a course steered around obstacles", draw: route },
  "Swarm Logistics Mesh": { subject: "a swarm of linked agents", draw: multiAgent },
  "DAO Operations Council": { subject: "votes cast into a ballot box", draw: ballot },
  "Echo Support Assistant": { subject: "a conversation in speech bubbles", draw: conversational },
  "Wallet Onboarding Guide": { subject: "progress climbing step by step", draw: staircase },
  "Quorum DAO Delegate": { subject: "votes cast into a ballot box", draw: ballot },
  "Guardian Compliance Agent": { subject: "a shield inside rings of values", draw: ethical },
  "Oracle Diagnostics Expert": { subject: "a honeycomb of rules, some fired", draw: expert },
};

/** The file name of an agent's picture: its name, lower-cased and hyphenated. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The path the site serves an agent's illustration from: one file per agent, by name. */
export const agentArtPath = (card: Pick<AgentCard, "name">) => `/images/agents/${slug(card.name)}.svg`;

/** The card's illustration as a standalone SVG document (ids are local to the file). */
export function agentArtSvg(card: Pick<AgentCard, "name" | "category">): string {
  const motif = motifs[card.category] ?? motifs["Multi-Agent Systems (MAS)"]!;
  const seed = seedOf(card);
  // The agent's own composition; an agent not in the table gets one of its category's, by seed.
  const variant = pictures[card.name] ?? motif.variants[(seed >>> 6) % motif.variants.length]!;
  const rand = new Random(seed);
  const flip = rand.next() < 0.5;
  const [a, b] = flip ? [motif.colors[1], motif.colors[0]] : motif.colors;
  const drawn = variant.draw(rand, { a, b });
  const body =
    motif.mirror && rand.next() < 0.5 ? `<g transform="matrix(-1 0 0 1 ${ART_WIDTH} 0)">${drawn}</g>` : drawn;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}" width="${ART_WIDTH}" height="${ART_HEIGHT}" role="img" aria-label="${card.category}: ${variant.subject}">` +
    `<defs><linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>` +
    `</defs>` +
    body +
    `</svg>\n`
  );
}
