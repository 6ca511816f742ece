import type { RouteObject } from "react-router";
import { Layout } from "./components/Layout.tsx";
import { RouteError } from "./pages/RouteError.tsx";
import { lazyPage } from "./lazyPage.ts";
import { NOT_FOUND_ROUTE_ID, siteRoutes, type RouteId } from "../shared/site.ts";

export { NOT_FOUND_ROUTE_ID };

/**
 * Each page is its own chunk: import() needs a literal module name for the bundler to split
 * on, so this is the one place besides the route table that names a page module (scripts/build.ts
 * fails when a route's `module` has no chunk of its own).
 */
const pages: Record<RouteId, NonNullable<RouteObject["lazy"]>> = {
  home: lazyPage(
    () => import("./pages/HomePage.tsx"),
    (m) => m.HomePage,
  ),
  about: lazyPage(
    () => import("./pages/AboutPage.tsx"),
    (m) => m.AboutPage,
  ),
  services: lazyPage(
    () => import("./pages/ServicesPage.tsx"),
    (m) => m.ServicesPage,
  ),
  category: lazyPage(
    () => import("./pages/CategoryPage.tsx"),
    (m) => m.CategoryPage,
  ),
  contact: lazyPage(
    () => import("./pages/ContactPage.tsx"),
    (m) => m.ContactPage,
  ),
  privacy: lazyPage(
    () => import("./pages/PrivacyPolicyPage.tsx"),
    (m) => m.PrivacyPolicyPage,
  ),
  terms: lazyPage(
    () => import("./pages/TermsPage.tsx"),
    (m) => m.TermsPage,
  ),
  articles: lazyPage(
    () => import("./pages/RecentArticlesPage.tsx"),
    (m) => m.RecentArticlesPage,
  ),
};

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
            ? { id: route.id, index: true, lazy: pages[route.id] }
            : { id: route.id, path: route.path.slice(1), lazy: pages[route.id] },
        ),
        {
          id: NOT_FOUND_ROUTE_ID,
          path: "*",
          lazy: lazyPage(
            () => import("./pages/NotFoundPage.tsx"),
            (m) => m.NotFoundPage,
          ),
        },
      ],
    },
  ];
}
