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

/**
 * How many featured agents the home page shows before its "Show all" switch at a width: its
 * first full rows (client/styles/agent-card.css), one, two and three columns.
 */
export const foldedAgents = (width: number): number => (width < 576 ? 3 : 5);
