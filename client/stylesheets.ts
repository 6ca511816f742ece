import { LATE_STYLESHEETS_ID, PART_SEPARATOR, type LateStylesheets } from "./bootIds.ts";

// A page inlines the rules it uses (scripts/build.ts). The whole stylesheet, which shows every
// other route, is linked only when it is needed: applying 60 KB of rules restyles the whole
// page, a task long enough to delay a tap, so it must not run on every load.

/** The whole stylesheet is waited for at most this long (a stalled request must not hold the app). */
const STYLESHEET_WAIT_MS = 3000;

let linked: Promise<void> | undefined;
let prefetched = false;

function lateStylesheets(): LateStylesheets | undefined {
  const json = document.getElementById(LATE_STYLESHEETS_ID)?.textContent;
  return json ? (JSON.parse(json) as LateStylesheets) : undefined;
}

/** Links a stylesheet; resolves when it applies, failed, or took too long. */
function link(href: string): Promise<void> {
  return new Promise<void>((resolve) => {
    const element = document.createElement("link");
    element.rel = "stylesheet";
    element.href = href;
    element.onload = element.onerror = () => resolve();
    setTimeout(resolve, STYLESHEET_WAIT_MS);
    document.head.append(element);
  });
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Applies the rules the page's first screen did not inline (the home page's later sections), if
 * any, one part per frame: each part names only what its section adds, so each frame restyles
 * and lays out one section, never the whole page at once. Constructed sheets apply after the
 * page's own, as a linked sheet would. Resolves false at once when the page inlined all its rules.
 * Called once, after the first paint (client/entry.client.tsx).
 */
export async function linkRestOfPageRules(): Promise<boolean> {
  const hrefs = lateStylesheets()?.afterPaint ?? [];
  for (const href of hrefs) {
    const text = await fetch(href)
      .then((response) => (response.ok ? response.text() : undefined))
      .catch(() => undefined);
    // Without the text, the stylesheet itself: all at once, but all there.
    if (text === undefined) {
      await link(href);
      continue;
    }
    for (const part of text.split(PART_SEPARATOR)) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(part);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      await nextFrame();
    }
  }
  return hrefs.length > 0;
}

/**
 * Links the whole stylesheet, once; resolves when it applies, failed, or took too long. Called
 * before another route shows (client/routes.tsx) and before a toast.
 */
export function linkStylesheets(): Promise<void> {
  linked ??= Promise.all((lateStylesheets()?.hrefs ?? []).map(link)).then(() => {});
  return linked;
}

/**
 * Fetches the whole stylesheet into the cache without applying it (no restyle), once: a link is
 * about to be followed. A prefetch, not a preload: an unused preload warns in the console.
 */
export function prefetchStylesheets(): void {
  if (prefetched || linked) return;
  prefetched = true;
  for (const href of lateStylesheets()?.hrefs ?? []) {
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.href = href;
    document.head.append(link);
  }
}
