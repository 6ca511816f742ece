import { createContext, useContext, useState } from "react";

/**
 * Every rule the page uses, where its <head> holds only its first screen's (the home page:
 * server/assets.ts, `body`). Provided on the server only (client/entry.server.tsx).
 */
export const PageRulesContext = createContext<string | undefined>(undefined);

const ID = "page-rules";

/**
 * The page's rules, placed just before its first section below the fold: the sections after it
 * are styled as they are parsed, in slices, instead of being laid out with the first screen's
 * rules and restyled all at once. Hydration renders exactly what the server sent, read back
 * from the element; after a client-side navigation there is none to read, and the whole
 * stylesheet is linked instead (client/stylesheets.ts).
 */
export function PageRules() {
  const fromServer = useContext(PageRulesContext);
  const [css] = useState(
    () => fromServer ?? (typeof document === "undefined" ? undefined : document.getElementById(ID)?.textContent),
  );
  return css ? <style id={ID} dangerouslySetInnerHTML={{ __html: css }} /> : null;
}
