import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { RouterProvider } from "react-router/dom";
import { App } from "./App.tsx";
import { SSR_DATA_ID, type AppConfig } from "./AppConfig.tsx";
import { createRoutes } from "./routes.tsx";
import { hydrateDeferredSectionsNow, loadDeferredSections } from "./hydrateNearViewport.tsx";

function readConfig(): AppConfig {
  const text = document.getElementById(SSR_DATA_ID)?.textContent;
  return JSON.parse(text ?? "{}") as AppConfig;
}

/** The server rendered the matched pages: load their chunks first so the first render matches. */
async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const resolved = await route.lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}

/**
 * A page reached by client-side navigation renders at once with all its sections (and an
 * #anchor inside a section is there to scroll to): the other routes' chunks, loaded by the
 * router, also wait for the code of every section that hydrates near the viewport (a few KB,
 * loaded once, only when the visitor navigates).
 */
function awaitDeferredSectionsOnNavigation(routes: RouteObject[]): void {
  for (const route of routes) {
    const lazy = route.lazy;
    if (typeof lazy === "function")
      route.lazy = () => Promise.all([lazy(), loadDeferredSections()]).then(([resolved]) => resolved);
    if (route.children) awaitDeferredSectionsOnNavigation(route.children);
  }
}

/**
 * Hydrates #root (started by entry.client.tsx once the page is idle or in use). `onLive` runs
 * once React's event handlers are attached to the server's HTML.
 */
export async function hydrate(onLive: () => void): Promise<void> {
  const config = readConfig();
  // A page served in answer to a form post (the contact form's errors) says which route it is:
  // the router must match that page, not the POST's address, or hydration finds another page.
  const renderedFor = config.pageData?.["renderedFor"];
  if (typeof renderedFor === "string" && renderedFor !== window.location.pathname) {
    window.history.replaceState(window.history.state, "", renderedFor);
  }
  const routes = createRoutes();
  await loadMatchedRoutes(routes);
  // The page's modules have just run: let the browser breathe before the router and React start
  // (one 28 ms task on a phone became two short ones).
  await new Promise((resolve) => setTimeout(resolve, 0));
  awaitDeferredSectionsOnNavigation(routes);
  const router = createBrowserRouter(routes, { hydrationData: { loaderData: {} } });
  router.subscribe((state) => {
    if (state.navigation.state !== "idle") hydrateDeferredSectionsNow();
  });
  // Inside a transition React hydrates in slices of a few milliseconds and yields to the browser
  // between them, instead of one long task: the page keeps answering input meanwhile. A click
  // on a part not hydrated yet makes React hydrate that part at once and then handle it.
  startTransition(() => {
    hydrateRoot(
      document.getElementById("root")!,
      <App config={config}>
        <RouterProvider router={router} />
      </App>,
    );
  });
  onLive();
  sessionStorage.removeItem("chunk-reload");
  afterIdle(
    () =>
      void import("./vitals.ts").then(
        (vitals) => vitals.startVitals(),
        () => {},
      ),
  );
}

/** Field metrics are not worth a byte of the first load: their chunk loads when the page is idle. */
function afterIdle(task: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(task, { timeout: 5000 });
  else setTimeout(task, 3000);
}
