import type { PageMetaData } from "./types.ts";
import { brandName } from "../site.ts";

export const privacyMeta: PageMetaData = {
  path: "/Privacypolicy",
  title: `Privacy Policy | ${brandName}`,
  description:
    "How we collect, use and protect the personal data you send us through this website.",
};
