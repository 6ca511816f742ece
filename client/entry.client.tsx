// The one script every page starts with, 1.5 KB. The server's HTML works on its own (native
// popover, <details>, scroll-snap tracks, links, the form post); tabs and carousel buttons work
// on it through client/earlyControls.ts until React, the router and the page load, at the first
// interaction or once the page has been calm, and hydrate it unchanged (docs/decisions/010).
import "./styles/index.css";
import { HYDRATION_MODULES_ID } from "./bootIds.ts";
import { startEarlyControls } from "./earlyControls.ts";

/** Events that mean someone is using the page: start loading React now. */
const INTERACTIONS = ["pointerdown", "keydown", "focusin", "scroll", "wheel"] as const;
/** How long an untouched page waits after its load event before it hydrates anyway. */
const CALM_AFTER_LOAD_MS = 5000;

startEarlyControls();

/** A JSON list of URLs the server wrote into the page (client/Document.tsx). */
const urlList = (id: string) => JSON.parse(document.getElementById(id)?.textContent ?? "[]") as string[];

let started = false;
function start(): void {
  if (started) return;
  started = true;
  for (const type of INTERACTIONS) removeEventListener(type, start, true);
  // The page's chunks load in parallel with the hydration chunk (no import waterfall).
  for (const href of urlList(HYDRATION_MODULES_ID)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  void import("./hydrate.tsx").then(
    (app) => app.hydrate(),
    () => {
      // The chunk could not load (offline, or a deploy replaced it): the page stays as served.
    },
  );
}

// React arrives at the visitor's first interaction, which it then handles (the controls have
// worked natively until then). A page nobody touches hydrates once it has been calm for a while
// after loading: hydrating costs a phone 100-300 ms of script in slices, which must not compete
// with the page's own start-up or with a first tap.
for (const type of INTERACTIONS) addEventListener(type, start, { capture: true, passive: true, once: true });
const whenCalm = () =>
  setTimeout(() => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(start, { timeout: 2000 });
    else start();
  }, CALM_AFTER_LOAD_MS);
if (document.readyState === "complete") whenCalm();
else addEventListener("load", whenCalm, { once: true });
