import type { PageMetaData } from "./types.ts";
import { brandName, routeById } from "../site.ts";

export const privacyMeta: PageMetaData = {
  path: routeById("privacy").path,
  title: `Privacy Policy | ${brandName}`,
  description: "How we collect, use and protect the personal data you send us through this website.",
};
