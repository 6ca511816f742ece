import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { homeAgents } from "../../shared/data/agents.ts";
import { agentCategories } from "../../shared/data/agentCategories.ts";
import { categoryAgents } from "../../shared/data/categoryAgents.ts";
import { agentArtPath, agentArtSvg } from "../../scripts/lib/agentArt.ts";
import { artPalette } from "../../scripts/lib/palette.ts";

const publicFile = (path: string) => new URL(`../../public${path}`, import.meta.url);
const cards = [...homeAgents, ...categoryAgents];

describe("agent illustrations", () => {
  it("gives every card its own file, kept in step with the drawing code (npm run agent-art)", () => {
    for (const card of cards) {
      expect(card.image, card.key).toBe(agentArtPath(card));
      expect(existsSync(publicFile(card.image)), card.image).toBe(true);
      expect(readFileSync(publicFile(card.image), "utf8"), `${card.image} is stale: run npm run agent-art`).toBe(
        agentArtSvg(card),
      );
    }
    // No orphans: every file in the folder belongs to a card.
    const files = readdirSync(publicFile("/images/agents/"))
      .map((f) => `/images/agents/${f}`)
      .sort();
    expect(files).toEqual([...new Set(cards.map((c) => c.image))].sort());
  });

  it("gives each agent one picture, the same on the home page and the Category page, shared with no other agent", () => {
    const byName = new Map<string, string>();
    for (const card of cards) {
      const svg = agentArtSvg(card);
      if (byName.has(card.name)) expect(svg, card.name).toBe(byName.get(card.name));
      byName.set(card.name, svg);
    }
    expect(new Set(byName.values()).size).toBe(byName.size);
    expect(new Set(cards.map((c) => c.image)).size).toBe(byName.size);
  });

  it("draws a different picture for each card of the home list and of every category", () => {
    const distinct = (list: typeof cards) => new Set(list.map((c) => agentArtSvg(c))).size;
    expect(distinct(homeAgents)).toBe(homeAgents.length);
    for (const category of agentCategories) {
      const inCategory = categoryAgents.filter((c) => c.category === category);
      expect(distinct(inCategory), category).toBe(inCategory.length);
    }
  });

  it("is deterministic, standalone SVG in the site palette", () => {
    for (const card of cards) {
      const svg = agentArtSvg(card);
      expect(svg).toBe(agentArtSvg({ ...card }));
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 400 260"/);
      expect(svg).not.toMatch(/NaN|undefined/);
      expect(Buffer.byteLength(svg), card.key).toBeLessThan(8 * 1024);
      const colours = new Set(svg.match(/#[0-9a-f]{6}/g));
      for (const colour of colours) expect(Object.values(artPalette())).toContain(colour);
    }
  });
});
