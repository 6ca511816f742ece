import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { Layout } from "./components/Layout.tsx";
import { RouteError } from "./pages/RouteError.tsx";
import { lazyPage } from "./lazyPage.ts";
import { linkStylesheets } from "./stylesheets.ts";
import { NOT_FOUND_ROUTE_ID, siteRoutes, type RouteId } from "../shared/site.ts";

export { NOT_FOUND_ROUTE_ID };

/**
 * Each page is its own chunk: import() needs a literal module name for the bundler to split
 * on, so this is the one place besides the route table that names a page module (scripts/build.ts
 * fails when a route's `module` has no chunk of its own).
 */
const pageModules: Record<RouteId | typeof NOT_FOUND_ROUTE_ID, () => Promise<ComponentType>> = {
  home: () => import("./pages/HomePage.tsx").then((m) => m.HomePage),
  about: () => import("./pages/AboutPage.tsx").then((m) => m.AboutPage),
  services: () => import("./pages/ServicesPage.tsx").then((m) => m.ServicesPage),
  category: () => import("./pages/CategoryPage.tsx").then((m) => m.CategoryPage),
  contact: () => import("./pages/ContactPage.tsx").then((m) => m.ContactPage),
  privacy: () => import("./pages/PrivacyPolicyPage.tsx").then((m) => m.PrivacyPolicyPage),
  terms: () => import("./pages/TermsPage.tsx").then((m) => m.TermsPage),
  articles: () => import("./pages/RecentArticlesPage.tsx").then((m) => m.RecentArticlesPage),
  [NOT_FOUND_ROUTE_ID]: () => import("./pages/NotFoundPage.tsx").then((m) => m.NotFoundPage),
};

type PageId = keyof typeof pageModules;

/**
 * A route's page code, with nothing else: for the page the server rendered (its rules are in the
 * page already) and ahead of a navigation. Undefined for a route without a page (the layout).
 */
export function loadPage(routeId: string): Promise<ComponentType> | undefined {
  return routeId in pageModules ? pageModules[routeId as PageId]() : undefined;
}

/**
 * A page to navigate to: its code and, in the browser, the whole stylesheet, since the page
 * shown so far inlined only its own rules (client/stylesheets.ts).
 */
function pageForNavigation(id: PageId) {
  return lazyPage(() =>
    typeof document === "undefined"
      ? pageModules[id]()
      : Promise.all([pageModules[id](), linkStylesheets()]).then(([page]) => page),
  );
}

/**
 * The router's routes, from the route table in shared/site.ts; used by the server's static
 * handler and the browser router. react-router matches paths case-insensitively.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: "root",
      path: "/",
      element: <Layout />,
      errorElement: <RouteError />,
      children: [
        ...siteRoutes.map((route): RouteObject =>
          route.path === "/"
            ? { id: route.id, index: true, lazy: pageForNavigation(route.id) }
            : { id: route.id, path: route.path.slice(1), lazy: pageForNavigation(route.id) },
        ),
        {
          id: NOT_FOUND_ROUTE_ID,
          path: "*",
          lazy: pageForNavigation(NOT_FOUND_ROUTE_ID),
        },
      ],
    },
  ];
}
