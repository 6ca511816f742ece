import type { PageMetaData } from "./types.ts";
import { brandName } from "../site.ts";

export const servicesMeta: PageMetaData = {
  path: "/service",
  title: `AI Services | ${brandName}`,
  description:
    "AI agent development, blockchain data analytics, adaptive machine learning, AI strategy and consulting, process automation agents and more.",
};
