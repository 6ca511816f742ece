import type { PageMetaData } from "./types.ts";
import { brandName } from "../site.ts";

export const articlesMeta: PageMetaData = {
  path: "/RecentArticles",
  title: `Recent Articles | ${brandName}`,
  description:
    "Reading on intelligent agents, multi-agent systems, DAOs, DeFi and the metaverse.",
};
