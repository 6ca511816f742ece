import { LATE_STYLESHEETS_ID, type LateStylesheets } from "./bootIds.ts";

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

/**
 * Links the whole stylesheet, once; resolves when it applies, failed, or took too long. Called
 * before another route shows (client/routes.tsx) and before a toast.
 */
export function linkStylesheets(): Promise<void> {
  linked ??= Promise.all(
    (lateStylesheets()?.hrefs ?? []).map(
      (href) =>
        new Promise<void>((resolve) => {
          const link = document.createElement("link");
          link.rel = "stylesheet";
          link.href = href;
          link.onload = link.onerror = () => resolve();
          setTimeout(resolve, STYLESHEET_WAIT_MS);
          document.head.append(link);
        }),
    ),
  ).then(() => {});
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
