import type { PageMetaData } from "./types.ts";
import { brandName, routeById } from "../site.ts";

export const articlesMeta: PageMetaData = {
  path: routeById("articles").path,
  title: `Recent Articles | ${brandName}`,
  description: "Reading on intelligent agents, multi-agent systems, DAOs, DeFi and the metaverse.",
};
