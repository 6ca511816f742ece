import type { PageMetaData } from "./types.ts";
import { brandName, routeById } from "../site.ts";

export const servicesMeta: PageMetaData = {
  path: routeById("services").path,
  title: `AI Services | ${brandName}`,
  description:
    "AI agent development, blockchain data analytics, adaptive machine learning, AI strategy and consulting, process automation agents and more.",
};
