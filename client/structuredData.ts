// schema.org structured data of each page, as JSON-LD. Built on the server only: client/Document.tsx
// writes it after #root, which the browser never hydrates, so none of it is in a page's script
// (the home page's chunk used to carry the Organization). A JSON-LD block is data, never run:
// `script-src 'self'` leaves it alone, so it needs no hash (server/security.ts).
import { articles } from "../shared/data/articles.ts";
import { company } from "../shared/data/company.ts";
import { siteRoutes, type RouteId } from "../shared/site.ts";

type JsonLd = Record<string, unknown>;

const CONTEXT = "https://schema.org";

function organization(siteUrl: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "Organization",
    name: company.name,
    legalName: company.legalName,
    url: new URL("/", siteUrl).href,
    logo: new URL("/icons/icon-512.png", siteUrl).href,
    description: company.tagline,
    email: company.email,
    telephone: company.phone,
    address: company.address.join(", "),
    sameAs: company.social.map((s) => s.href),
  };
}

function website(siteUrl: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "WebSite",
    name: company.name,
    url: new URL("/", siteUrl).href,
    description: company.tagline,
    inLanguage: "en-GB",
    publisher: { "@type": "Organization", name: company.name, url: new URL("/", siteUrl).href },
  };
}

/** The breadcrumb every inner page shows (client/components/PageHeader.tsx): Home, then the page. */
function breadcrumb(routeId: RouteId, siteUrl: string): JsonLd {
  const home = siteRoutes.find((r) => r.id === "home")!;
  const page = siteRoutes.find((r) => r.id === routeId)!;
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    name: page.label,
    itemListElement: [home, page].map((route, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: route.label,
      item: new URL(route.path, siteUrl).href,
    })),
  };
}

/** The articles the carousel shows, in its order (shared/data/articles.ts); each links to its page. */
function articleList(siteUrl: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "ItemList",
    name: "Recent articles",
    url: new URL(siteRoutes.find((r) => r.id === "articles")!.path, siteUrl).href,
    numberOfItems: articles.length,
    itemListElement: articles.map((article, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: article.title,
      item: article.url,
    })),
  };
}

/**
 * The blocks of one page: Organization and WebSite on the home page, a BreadcrumbList on every
 * other route of the table (each shows a breadcrumb), and the ItemList of the articles on the
 * articles page. The not-found page has none.
 */
export function structuredDataFor(routeIds: readonly string[], siteUrl: string): JsonLd[] {
  const route = siteRoutes.find((r) => routeIds.includes(r.id));
  if (!route) return [];
  if (route.id === "home") return [organization(siteUrl), website(siteUrl)];
  return [breadcrumb(route.id, siteUrl), ...(route.id === "articles" ? [articleList(siteUrl)] : [])];
}
