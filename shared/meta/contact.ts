import type { PageMetaData } from "./types.ts";
import { brandName, routeById } from "../site.ts";

export const contactMeta: PageMetaData = {
  path: routeById("contact").path,
  title: `Contact Us | ${brandName}`,
  description:
    "Talk to our team about listing, leasing or renting AI agents, or about a custom AI project. Monday to Friday 09:00-17:00.",
};
