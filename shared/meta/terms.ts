import type { PageMetaData } from "./types.ts";
import { brandName, routeById } from "../site.ts";

export const termsMeta: PageMetaData = {
  path: routeById("terms").path,
  title: `Terms and Conditions | ${brandName}`,
  description: "The terms that govern the use of our AI agent marketplace and website.",
};
