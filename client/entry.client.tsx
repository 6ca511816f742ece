// The one script every page starts with, kept to a few hundred bytes. The server's HTML is
// complete and usable on its own (links navigate, the contact form posts), so React, the router
// and the page's code are not needed for the first paint and need not compete with it for the
// phone's network and CPU: they load once the page is idle, or at the visitor's first
// interaction if that comes sooner. A button pressed before then is pressed again once the
// page is live, so no tap is lost. Nothing is fetched before the first paint: the page inlines
// the rules its HTML uses, and the whole stylesheet (states a script adds) is linked after the
// paint and before hydration. (README, "Loading")
import "./styles/index.css";
import { HYDRATION_MODULES_ID, LATE_STYLESHEETS_ID } from "./bootIds.ts";

/** Events that mean someone is using the page: start hydrating now. */
const INTERACTIONS = ["pointerdown", "touchstart", "keydown", "focusin", "scroll", "wheel"] as const;
/** Longest wait for an idle moment after the load event. */
const IDLE_TIMEOUT_MS = 2000;
/** Hydration waits this long at most for the whole stylesheet (a stalled request must not keep the page dead). */
const STYLESHEET_WAIT_MS = 3000;

const pressed: HTMLElement[] = [];
let started = false;

/** Buttons that do nothing without JavaScript (submit buttons post their form natively). */
function rememberPress(event: Event): void {
  const button = (event.target as Element | null)?.closest?.("button");
  if (!button || button.type === "submit" || !document.getElementById("root")?.contains(button)) return;
  pressed.push(button);
}

function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A JSON list of URLs the server wrote into the page. */
function urlList(id: string): string[] {
  try {
    const urls: unknown = JSON.parse(document.getElementById(id)?.textContent ?? "[]");
    return Array.isArray(urls) ? urls.filter((url): url is string => typeof url === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Resolves after the page's first contentful paint has been presented (a task after it, so the
 * requests started then do not compete with it). Browsers without paint timing wait one frame.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const next = () => setTimeout(resolve, 0);
    const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return void requestAnimationFrame(next);
    if (painted()) return next();
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      next();
    });
    observer.observe({ type: "paint", buffered: true });
  });
}

/** Links the whole stylesheet; resolves once it applies, failed, or took too long. */
function linkLateStylesheets(): Promise<unknown> {
  return Promise.all(
    urlList(LATE_STYLESHEETS_ID).map(
      (href) =>
        new Promise((resolve) => {
          const link = document.createElement("link");
          link.rel = "stylesheet";
          link.href = href;
          link.onload = link.onerror = resolve;
          setTimeout(resolve, STYLESHEET_WAIT_MS);
          document.head.append(link);
        }),
    ),
  );
}

/** Resolves after the next frame has been rendered: styles changed before it have applied. */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Set once the visitor scrolls, taps or types: from then on, where the page is is theirs. */
let visitorMoved = false;
for (const type of ["wheel", "touchstart", "pointerdown", "keydown"])
  addEventListener(type, () => (visitorMoved = true), { capture: true, passive: true, once: true });

/**
 * A page opened at an anchor (/#articles) was scrolled there by the browser with the first
 * screen's rules alone; the rest of the stylesheet changed the heights above it. Back to the
 * anchor, unless the visitor has moved since.
 */
function keepAnchorInView(): void {
  if (!location.hash || visitorMoved) return;
  let target: HTMLElement | null = null;
  try {
    target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  } catch {
    // A malformed escape names no element.
  }
  target?.scrollIntoView({ block: "start" });
}

const styled = afterFirstPaint()
  .then(linkLateStylesheets)
  .then(afterNextFrame)
  .then(() => {
    keepAnchorInView();
    document.documentElement.classList.add("styled");
  });

/** Fetches the page's chunks in parallel with the hydration chunk (no import waterfall). */
function preloadHydrationModules(): void {
  for (const href of urlList(HYDRATION_MODULES_ID)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}

function start(): void {
  if (started) return;
  started = true;
  for (const type of INTERACTIONS) removeEventListener(type, start, true);
  void styled
    .then(preloadHydrationModules)
    .then(() => import("./warmReact.ts"))
    .then(yieldToBrowser)
    .then(() => import("./hydrate.tsx"))
    .then(async (app) => {
      // Evaluating the app's modules is one task, starting it another.
      await yieldToBrowser();
      return app;
    })
    .then(
      (app) =>
        app.hydrate(() => {
          removeEventListener("click", rememberPress, true);
          // Replayed in order, now that React's handlers are attached.
          for (const button of pressed.splice(0)) if (button.isConnected) button.click();
        }),
      () => {
        // The chunk could not load (offline, or a deploy replaced it): the page stays as served.
      },
    );
}

addEventListener("click", rememberPress, true);
for (const type of INTERACTIONS) addEventListener(type, start, { capture: true, passive: true, once: true });
const whenIdle = () =>
  typeof requestIdleCallback === "function"
    ? requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS })
    : setTimeout(start, 200);
const loaded =
  document.readyState === "complete"
    ? Promise.resolve()
    : new Promise((resolve) => addEventListener("load", resolve, { once: true }));
void Promise.all([loaded, styled]).then(whenIdle);
