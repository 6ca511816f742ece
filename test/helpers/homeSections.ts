/** The anchors of the home sections that docs/product.md section 2 names (the tests look for each once). */
export const HOME_SECTION_IDS = [
  "service-sec",
  "articles",
  "ourclient",
  "futurescope",
  "security",
  "project-sec",
  "contact-sec",
  "ourprofessionals",
] as const;
