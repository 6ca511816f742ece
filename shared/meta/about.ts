import type { PageMetaData } from "./types.ts";
import { brandName, routeById } from "../site.ts";

export const aboutMeta: PageMetaData = {
  path: routeById("about").path,
  title: `About Us | ${brandName}`,
  description:
    "Who we are: an AI services company incorporated in England and Wales, building a decentralized marketplace for AI agents and the technology behind it.",
};
