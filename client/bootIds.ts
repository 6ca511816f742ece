/** Id of the JSON list of chunks hydration needs (written by Document, read by entry.client). */
export const HYDRATION_MODULES_ID = "hydration-modules";
/** Id of the JSON LateStylesheets of a page that inlines its rules (see Document). */
export const LATE_STYLESHEETS_ID = "late-stylesheets";

/** The whole stylesheet, and the rules the page itself still needs right after its first paint. */
export interface LateStylesheets {
  hrefs: string[];
  afterPaint: string[];
}

/** Between the parts of a page's later rules in their stylesheet (scripts/build.ts writes them). */
export const PART_SEPARATOR = "\n/*part*/\n";
