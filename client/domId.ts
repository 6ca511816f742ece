/**
 * Element ids that the server and the browser spell alike. React's useId derives an id from a
 * component's place in the tree, and the server renders the app inside the Document while the
 * browser hydrates only #root, so the two would disagree (a hydration mismatch the development
 * build of React reports). Ids here come from stable names instead: a label, a key.
 */
export const slug = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, "-");
