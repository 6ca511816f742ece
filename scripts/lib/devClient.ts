// The development-only script scripts/dev.ts adds to every page it proxies (never part of the
// production bundle): it listens to the dev server's events and reloads the page, swaps the
// stylesheets, or shows a build error over the page, and so does an error the page throws
// (uncaught, or a rejected promise nobody handled), with its stack. Served from our origin and styled through
// CSSOM, so the production Content-Security-Policy (script-src/connect-src 'self', no inline
// styles) allows it unchanged.

interface DevEvent {
  type: "reload" | "css" | "error" | "ok";
  /** Build errors, already formatted (type "error"). */
  text?: string;
}

const OVERLAY_ID = "__dev-overlay";

const BUILD_FAILED = "Build failed: the page shows the last good build. Fix the error and save.";

function showOverlay(text: string, heading = BUILD_FAILED): void {
  let overlay = document.getElementById(OVERLAY_ID);
  if (!overlay) {
    overlay = document.createElement("div");
    overlay.id = OVERLAY_ID;
    overlay.setAttribute("role", "alert");
    Object.assign(overlay.style, {
      position: "fixed",
      inset: "0",
      zIndex: "2147483647",
      overflow: "auto",
      padding: "24px",
      background: "rgba(20, 10, 10, 0.94)",
      color: "#ffd7d7",
      font: "13px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace",
    });
    document.body.append(overlay);
  }
  const title = document.createElement("strong");
  title.textContent = heading;
  Object.assign(title.style, { display: "block", marginBottom: "12px", color: "#ff8080", fontSize: "15px" });
  const pre = document.createElement("pre");
  pre.textContent = text;
  Object.assign(pre.style, { whiteSpace: "pre-wrap", margin: "0" });
  overlay.replaceChildren(title, pre);
}

/** New stylesheet URLs bypass the cache (the dev proxy also sends no-store); no page reload. */
function swapStylesheets(): void {
  const stamp = Date.now().toString(36);
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href^="/assets/"]')) {
    const url = new URL(link.href);
    url.searchParams.set("dev", stamp);
    link.href = url.pathname + url.search;
  }
}

/** The error's stack (which starts with its message), or what was thrown. */
function describe(thrown: unknown): string {
  return thrown instanceof Error ? (thrown.stack ?? `${thrown.name}: ${thrown.message}`) : String(thrown);
}
const RUNTIME = "The page threw an error: fix it and save, the page reloads by itself.";
addEventListener("error", (event) => showOverlay(describe(event.error ?? event.message), RUNTIME));
addEventListener("unhandledrejection", (event) => showOverlay(describe(event.reason), RUNTIME));

const events = new EventSource("/__dev/events");
events.onmessage = (message: MessageEvent<string>) => {
  const event = JSON.parse(message.data) as DevEvent;
  if (event.type === "reload") window.location.reload();
  else if (event.type === "css") swapStylesheets();
  else if (event.type === "error") showOverlay(event.text ?? "");
  // "ok": the build is good again.
  else document.getElementById(OVERLAY_ID)?.remove();
};
