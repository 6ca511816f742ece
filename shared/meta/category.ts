import type { PageMetaData } from "./types.ts";
import { brandName, routeById } from "../site.ts";

export const categoryMeta: PageMetaData = {
  path: routeById("category").path,
  title: `AI Agent Categories | ${brandName}`,
  description:
    "Browse AI agents by category: reactive, deliberative, hybrid, learning, autonomous, multi-agent, conversational, value-aligned agents and expert systems.",
};
