// Writes one illustration per agent card (home list and Category page) to public/images/agents/,
// drawn by scripts/lib/agentArt.ts from the card's category and id. Run after changing an agent
// card or the drawing code: npm run agent-art (test/unit/agent-art.test.ts fails until you do).
import { readdir, rm, writeFile } from "node:fs/promises";
import { homeAgents } from "../shared/data/agents.ts";
import { categoryAgents } from "../shared/data/categoryAgents.ts";
import { agentArtPath, agentArtSvg } from "./lib/agentArt.ts";

const dir = new URL("../public/images/agents/", import.meta.url);
const cards = [...homeAgents, ...categoryAgents];
const wanted = new Set(cards.map((card) => agentArtPath(card).split("/").pop()!));
for (const card of cards) await writeFile(new URL(agentArtPath(card).split("/").pop()!, dir), agentArtSvg(card));
// Drop illustrations no card uses any more.
for (const file of await readdir(dir)) if (!wanted.has(file)) await rm(new URL(file, dir));
console.log(`wrote ${wanted.size} agent illustrations to public/images/agents/`);
