/** Id of the JSON list of chunks hydration needs (written by Document, read by entry.client). */
export const HYDRATION_MODULES_ID = "hydration-modules";
/** Id of the JSON LateStylesheets of a page that inlines its rules (see Document). */
export const LATE_STYLESHEETS_ID = "late-stylesheets";

/** The whole stylesheet, linked before the app shows another route (client/stylesheets.ts). */
export interface LateStylesheets {
  hrefs: string[];
}
