import type { PageMetaData } from "./types.ts";
import { brandName } from "../site.ts";

export const aboutMeta: PageMetaData = {
  path: "/main",
  title: `About Us | ${brandName}`,
  description:
    "Who we are: an AI services company incorporated in England and Wales, building a decentralized marketplace for AI agents and the technology behind it.",
};
