import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { homeAgents } from "../../shared/data/agents.ts";
import { agentCategories } from "../../shared/data/agentCategories.ts";
import { categoryAgents } from "../../shared/data/categoryAgents.ts";

// Every agent card has a picture of its own in public/images/agents/: SVG in the site palette
// (test/unit/colour-literals.test.ts; npm run art-palette recolours them after a token change).
const cards = [...homeAgents, ...categoryAgents];
const svgOf = (image: string) => readFileSync(new URL(`../../public${image}`, import.meta.url), "utf8");

describe("agent illustrations", () => {
  it("gives every card a file in public/images/agents/, and every file there a card", () => {
    for (const card of cards) expect(card.image, card.key).toMatch(/^\/images\/agents\/[a-z0-9-]+\.svg$/);
    const files = readdirSync(new URL("../../public/images/agents/", import.meta.url)).map(
      (f) => `/images/agents/${f}`,
    );
    expect(files.sort()).toEqual([...new Set(cards.map((c) => c.image))].sort());
  });

  // The home page's lead agent, a wide card beside its text, has a tall cut of the same scene
  // (`-lead.svg`); every other card shows the one picture its agent has everywhere.
  const lead = homeAgents[0]!;
  const scene = (image: string) => image.replace(/-lead\.svg$/, ".svg");

  it("gives each agent one picture, the same on the home page and the Category page, shared with no other agent", () => {
    expect(cards.filter((card) => card.image.endsWith("-lead.svg"))).toEqual([lead]);
    const byName = new Map<string, string>();
    for (const card of cards) {
      if (byName.has(card.name)) expect(scene(card.image), card.name).toBe(byName.get(card.name));
      byName.set(card.name, scene(card.image));
    }
    expect(new Set([...byName.values()].map(svgOf)).size).toBe(byName.size);
  });

  it("shows a different picture on each card of the home list and of every category", () => {
    const distinct = (list: typeof cards) => new Set(list.map((c) => svgOf(c.image))).size;
    expect(distinct(homeAgents)).toBe(homeAgents.length);
    for (const category of agentCategories) {
      const inCategory = categoryAgents.filter((c) => c.category === category);
      expect(distinct(inCategory), category).toBe(inCategory.length);
    }
  });

  // Drawn 320 units wide (the lead's cut 440 tall, the others 200) for frames of 248-326 px (docs/architecture.md), on one text scale: labels
  // of 22 units and up (one headline figure larger). The home list once showed them 145 px wide on
  // phones, where that made about 10 px; /Category's slider puts three side by side, where drawings
  // at 12-13 units beside ones at 22 read at half their neighbours' size (design review).
  it("sets every drawing's text on one scale, 22 units and up", () => {
    for (const card of cards) {
      const sizes = [...svgOf(card.image).matchAll(/<text[^>]*font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
      expect(sizes.length, card.key).toBeGreaterThan(0);
      expect(Math.min(...sizes), card.key).toBeGreaterThanOrEqual(22);
    }
  });

  it("is small standalone SVG", () => {
    for (const card of cards) {
      const svg = svgOf(card.image);
      const height = card === lead ? 440 : 200;
      expect(svg, card.key).toMatch(new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 ${height}"`));
      expect(Buffer.byteLength(svg), card.key).toBeLessThan(8 * 1024);
    }
  });
});
