/** Id of the JSON list of chunks hydration needs (written by Document, read by entry.client). */
export const HYDRATION_MODULES_ID = "hydration-modules";
/** Id of the JSON list of stylesheets the entry links after the first paint (see Document). */
export const LATE_STYLESHEETS_ID = "late-stylesheets";
