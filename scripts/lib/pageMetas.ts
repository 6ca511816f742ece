// Every page's title and description (shared/meta/, one module per page so each page's chunk
// carries its own only), gathered for the scripts and tests that need them all.
import { aboutMeta } from "../../shared/meta/about.ts";
import { articlesMeta } from "../../shared/meta/articles.ts";
import { categoryMeta } from "../../shared/meta/category.ts";
import { contactMeta } from "../../shared/meta/contact.ts";
import { homeMeta } from "../../shared/meta/home.ts";
import { privacyMeta } from "../../shared/meta/privacy.ts";
import { servicesMeta } from "../../shared/meta/services.ts";
import { termsMeta } from "../../shared/meta/terms.ts";

export const pageMetas = [
  homeMeta,
  aboutMeta,
  servicesMeta,
  categoryMeta,
  contactMeta,
  privacyMeta,
  termsMeta,
  articlesMeta,
];
