// The one script every page starts with, kept to a few hundred bytes. The server's HTML is
// complete and usable on its own (links navigate, the contact form posts), so React, the router
// and the page's code are not needed for the first paint and need not compete with it for the
// phone's network and CPU: they load once the page is idle, or at the visitor's first
// interaction if that comes sooner. A button pressed before then is pressed again once the
// page is live, so no tap is lost. (README, "Loading")
import "./styles/index.css";
import { HYDRATION_MODULES_ID } from "./bootIds.ts";

/** Events that mean someone is using the page: start hydrating now. */
const INTERACTIONS = ["pointerdown", "touchstart", "keydown", "focusin", "scroll", "wheel"] as const;
/** Longest wait for an idle moment after the load event. */
const IDLE_TIMEOUT_MS = 2000;

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

/** Fetches the page's chunks in parallel with the hydration chunk (no import waterfall). */
function preloadHydrationModules(): void {
  let urls: unknown;
  try {
    urls = JSON.parse(document.getElementById(HYDRATION_MODULES_ID)?.textContent ?? "[]");
  } catch {
    return;
  }
  if (!Array.isArray(urls)) return;
  for (const href of urls) {
    if (typeof href !== "string") continue;
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
  preloadHydrationModules();
  void import("./warmReact.ts")
    .then(yieldToBrowser)
    .then(() => import("./hydrate.tsx"))
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
if (document.readyState === "complete") whenIdle();
else addEventListener("load", whenIdle, { once: true });
