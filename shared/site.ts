// Routes, anchors and the constants of docs/product.md section 9, defined once for server and client.

export interface SiteRoute {
  /** Path with the casing of docs/product.md section 2: used for links, canonical URLs and the sitemap. */
  path: string;
  /** Stable id, also the name of the page module in client/pages. */
  id: RouteId;
  /** Menu label, breadcrumb label and page heading. Titles and descriptions: shared/meta/. */
  label: string;
  /** Shown in the main menu. */
  inMenu: boolean;
}

export type RouteId =
  | "home"
  | "about"
  | "services"
  | "category"
  | "contact"
  | "privacy"
  | "terms"
  | "articles";

const brand = "AgentVerse AI";

export const siteRoutes: readonly SiteRoute[] = [
  {
    path: "/",
    id: "home",
    label: "Home",
    inMenu: true,
  },
  {
    path: "/main",
    id: "about",
    label: "About Us",
    inMenu: true,
  },
  {
    path: "/service",
    id: "services",
    label: "Services",
    inMenu: true,
  },
  {
    path: "/Category",
    id: "category",
    label: "Category",
    inMenu: true,
  },
  {
    path: "/Contact",
    id: "contact",
    label: "Contact Us",
    inMenu: true,
  },
  {
    path: "/Privacypolicy",
    id: "privacy",
    label: "Privacy Policy",
    inMenu: false,
  },
  {
    path: "/TermsCondition",
    id: "terms",
    label: "Terms and Conditions",
    inMenu: false,
  },
  {
    path: "/RecentArticles",
    id: "articles",
    label: "Recent Articles",
    inMenu: false,
  },
];

export const brandName = brand;

export function routeById(id: RouteId): SiteRoute {
  const route = siteRoutes.find((r) => r.id === id);
  if (!route) throw new Error(`Unknown route id ${id}`);
  return route;
}

/** Finds the route of a pathname; matching is case-insensitive, a trailing slash is ignored. */
export function routeByPath(pathname: string): SiteRoute | undefined {
  const wanted = (pathname.replace(/\/+$/, "") || "/").toLowerCase();
  return siteRoutes.find((r) => r.path.toLowerCase() === wanted);
}

/** In-page anchors that links elsewhere on the site point at (docs/product.md section 2). */
export const anchors = {
  whyChooseUs: "/Category#whychooseus",
  futureScope: "/#futurescope",
  articles: "/#articles",
  testimonials: "/#ourclient",
  services: "/#service-sec",
  certificate: "/main#certificate",
} as const;

// docs/product.md section 9.
export const timings = {
  toastAutoCloseMs: 5000,
  toastDragPercent: 80,
  revealDurationMs: 1000,
  revealOffsetPx: 200,
  anchorScrollDelayMs: 100,
  carouselResizeDebounceMs: 50,
  chunkLoadTimeoutMs: 120_000,
  statCountUpMs: 2000,
  expertiseCountUpMs: 5000,
  autoplaySpeedMs: 4000,
  /** docs/product.md section 9: the autoplay interval is the autoplay speed plus 50 ms. */
  autoplayIntervalMs: 4000 + 50,
} as const;

export const copyrightYear = 2025;
export const particleCount = 500;
export const phoneDigits = { min: 7, max: 15 } as const;
