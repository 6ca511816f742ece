/** Id of the JSON list of chunks hydration needs (written by Document, read by entry.client). */
export const HYDRATION_MODULES_ID = "hydration-modules";
