import type { RouteObject } from "react-router";
import { Layout } from "./components/Layout.tsx";
import { RouteError } from "./pages/RouteError.tsx";
import { lazyPage } from "./lazyPage.ts";

export const NOT_FOUND_ROUTE_ID = "not-found";

/**
 * The one route table, used by the server's static handler and the browser router.
 * Each page is its own chunk; react-router matches paths case-insensitively.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: "root",
      path: "/",
      element: <Layout />,
      errorElement: <RouteError />,
      children: [
        { id: "home", index: true, lazy: lazyPage(() => import("./pages/HomePage.tsx"), (m) => m.HomePage) },
        { id: "about", path: "main", lazy: lazyPage(() => import("./pages/AboutPage.tsx"), (m) => m.AboutPage) },
        { id: "services", path: "service", lazy: lazyPage(() => import("./pages/ServicesPage.tsx"), (m) => m.ServicesPage) },
        { id: "category", path: "Category", lazy: lazyPage(() => import("./pages/CategoryPage.tsx"), (m) => m.CategoryPage) },
        { id: "contact", path: "Contact", lazy: lazyPage(() => import("./pages/ContactPage.tsx"), (m) => m.ContactPage) },
        { id: "privacy", path: "Privacypolicy", lazy: lazyPage(() => import("./pages/PrivacyPolicyPage.tsx"), (m) => m.PrivacyPolicyPage) },
        { id: "terms", path: "TermsCondition", lazy: lazyPage(() => import("./pages/TermsPage.tsx"), (m) => m.TermsPage) },
        { id: "articles", path: "RecentArticles", lazy: lazyPage(() => import("./pages/RecentArticlesPage.tsx"), (m) => m.RecentArticlesPage) },
        { id: NOT_FOUND_ROUTE_ID, path: "*", lazy: lazyPage(() => import("./pages/NotFoundPage.tsx"), (m) => m.NotFoundPage) },
      ],
    },
  ];
}
