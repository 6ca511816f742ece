import type { PageMetaData } from "./types.ts";
import { brandName } from "../site.ts";

export const termsMeta: PageMetaData = {
  path: "/TermsCondition",
  title: `Terms and Conditions | ${brandName}`,
  description:
    "The terms that govern the use of our AI agent marketplace and website.",
};
