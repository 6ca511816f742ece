// The one script every page starts with, 1.5 KB. The server's HTML works on its own (native
// popover, <details>, scroll-snap tracks, links, the form post); tabs and carousel buttons work
// on it through client/earlyControls.ts until React, the router and the page load, when the page
// is idle or at the first interaction, and hydrate it unchanged (docs/decisions/010).
import "./styles/index.css";
import { scrollToAnchor } from "./anchor.ts";
import { HYDRATION_MODULES_ID, LATE_STYLESHEETS_ID } from "./bootIds.ts";
import { startEarlyControls } from "./earlyControls.ts";

/** Events that mean someone is using the page: start loading React now. */
const INTERACTIONS = ["pointerdown", "keydown", "focusin", "scroll", "wheel"] as const;
/** The whole stylesheet is waited for at most this long (a stalled request must not keep React away). */
const STYLESHEET_WAIT_MS = 3000;

startEarlyControls();

/** A JSON list of URLs the server wrote into the page (client/Document.tsx). */
const urlList = (id: string) => JSON.parse(document.getElementById(id)?.textContent ?? "[]") as string[];

function addLink(rel: string, href: string): HTMLLinkElement {
  const link = document.createElement("link");
  link.rel = rel;
  link.href = href;
  document.head.append(link);
  return link;
}

/** Resolves a task after the first contentful paint. */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const next = () => setTimeout(resolve, 0);
    const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
    if (painted()) return next();
    const observer = new PerformanceObserver(() => painted() && (observer.disconnect(), next()));
    observer.observe({ type: "paint", buffered: true });
  });
}

/** Set once the visitor scrolls, taps or types: from then on, where the page is is theirs. */
let visitorMoved = false;
for (const type of ["wheel", "pointerdown", "keydown"])
  addEventListener(type, () => (visitorMoved = true), { capture: true, passive: true, once: true });

/**
 * The page inlines the rules its first screen uses; the whole stylesheet (what is further down,
 * states a script adds) is linked once the page has painted, so it does not compete with the
 * first paint. Resolves once it applies, failed, or took too long.
 */
const styled = afterFirstPaint()
  .then(() =>
    Promise.all(
      urlList(LATE_STYLESHEETS_ID).map(
        (href) =>
          new Promise((resolve) => {
            const link = addLink("stylesheet", href);
            link.onload = link.onerror = resolve;
            setTimeout(resolve, STYLESHEET_WAIT_MS);
          }),
      ),
    ),
  )
  // A page loaded at an #anchor goes back to it with every height now final, unless the visitor
  // has moved since.
  .then(() => visitorMoved || scrollToAnchor(location.hash, { smooth: false, focus: false }));

let started = false;
function start(): void {
  if (started) return;
  started = true;
  for (const type of INTERACTIONS) removeEventListener(type, start, true);
  void styled
    .then(() => {
      // The page's chunks load in parallel with the hydration chunk (no import waterfall).
      for (const href of urlList(HYDRATION_MODULES_ID)) addLink("modulepreload", href);
      return import("./hydrate.tsx");
    })
    .then(
      (app) => app.hydrate(),
      () => {
        // The chunk could not load (offline, or a deploy replaced it): the page stays as served.
      },
    );
}

for (const type of INTERACTIONS) addEventListener(type, start, { capture: true, passive: true, once: true });
const whenIdle = () =>
  typeof requestIdleCallback === "function" ? requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 200);
if (document.readyState === "complete") whenIdle();
else addEventListener("load", whenIdle, { once: true });
