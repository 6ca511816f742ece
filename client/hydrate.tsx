import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { RouterProvider } from "react-router/dom";
import { App } from "./App.tsx";
import { SSR_DATA_ID, type AppConfig } from "./AppConfig.tsx";
import { stopEarlyControls } from "./earlyControls.ts";
import { createRoutes, loadPage } from "./routes.tsx";
import { prefetchStylesheets } from "./stylesheets.ts";

/** The server rendered the matched pages: load their chunks first so the first render matches. */
async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const page = route.id === undefined ? undefined : loadPage(route.id);
      if (page) Object.assign(route, { Component: await page, lazy: undefined });
    }),
  );
}

/**
 * Hydrates #root with all of the page's code loaded: no part of the tree waits for code, so an
 * update (a navigation, a tap) can never reach a part React cannot render. Inside a transition
 * React hydrates in slices and yields to the browser between them; the Suspense boundaries
 * around the header, the page's sections and the footer (client/components/Island.tsx) let it
 * hydrate first the part a visitor taps, and React replays that tap itself.
 */
export async function hydrate(): Promise<void> {
  const config = JSON.parse(document.getElementById(SSR_DATA_ID)?.textContent ?? "{}") as AppConfig;
  const routes = createRoutes();
  await loadMatchedRoutes(routes);
  const router = createBrowserRouter(routes, { hydrationData: { loaderData: {} } });
  // A page's code, and the stylesheet that holds its rules, start loading when a link to it is
  // pointed at, touched or focused: by the click they have arrived or are on their way, and the
  // navigation waits less or not at all. (A failure is left to the navigation.)
  const prefetch = (event: Event) => {
    const link = (event.target as Element).closest?.("a[href]");
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return;
    if (link.pathname === location.pathname) return;
    prefetchStylesheets();
    for (const { route } of matchRoutes(routes, link.pathname) ?? [])
      if (route.id) void loadPage(route.id)?.catch(() => {});
  };
  for (const type of ["pointerover", "touchstart", "focusin"])
    addEventListener(type, prefetch, { capture: true, passive: true });
  // From here on React owns the controls: it replays taps on parts it has not hydrated yet.
  stopEarlyControls();
  startTransition(() => {
    hydrateRoot(
      document.getElementById("root")!,
      <App config={config}>
        <RouterProvider router={router} />
      </App>,
    );
  });
  sessionStorage.removeItem("chunk-reload");
  // Field metrics are not worth a byte of the first load: their chunk loads when the page is idle.
  const vitals = () =>
    void import("./vitals.ts").then(
      (m) => m.startVitals(),
      () => {},
    );
  if (typeof requestIdleCallback === "function") requestIdleCallback(vitals, { timeout: 5000 });
  else setTimeout(vitals, 3000);
}
