// Routes, anchors and the constants of docs/product.md section 9, defined once for server and client.

export interface SiteRoute {
  /** Path with the casing of docs/product.md section 2: used for links, canonical URLs and the sitemap. */
  path: string;
  /** Stable id: the route's id in the router and in the build manifest. */
  id: RouteId;
  /** Menu label, breadcrumb label and page heading. Titles and descriptions: shared/meta/. */
  label: string;
  /** Shown in the main menu. */
  inMenu: boolean;
  /** Shown in the footer's Useful Links (client/components/Footer.tsx), in this table's order. */
  inFooter: boolean;
  /** The page module in client/pages (its chunk is what the route loads besides the entry). */
  module: string;
  /**
   * Query parameters the page reads, with the values that change what it renders. Any other
   * parameter (utm_*, fbclid, ...) or value leaves the page as it is: the server answers it
   * with the bare path's kept page, and each listed value gets its own kept variant.
   */
  variants?: Readonly<Record<string, readonly string[]>>;
}

/** The router's id of the page every unknown path gets (status 404). */
export const NOT_FOUND_ROUTE_ID = "not-found";

export type RouteId = "home" | "about" | "services" | "category" | "contact" | "privacy" | "terms" | "articles";

const brand = "AgentVerse AI";

export const siteRoutes: readonly SiteRoute[] = [
  {
    path: "/",
    id: "home",
    module: "HomePage",
    label: "Home",
    inMenu: true,
    inFooter: true,
  },
  {
    path: "/main",
    id: "about",
    module: "AboutPage",
    label: "About Us",
    inMenu: true,
    inFooter: true,
  },
  {
    path: "/service",
    id: "services",
    module: "ServicesPage",
    label: "Services",
    inMenu: true,
    inFooter: true,
  },
  {
    path: "/Category",
    id: "category",
    module: "CategoryPage",
    label: "Category",
    inMenu: true,
    inFooter: false,
  },
  {
    path: "/Contact",
    id: "contact",
    module: "ContactPage",
    // ContactPage: `?sent=1` is where a no-JS form post lands after a successful send.
    variants: { sent: ["1"] },
    label: "Contact Us",
    inMenu: true,
    inFooter: true,
  },
  {
    path: "/Privacypolicy",
    id: "privacy",
    module: "PrivacyPolicyPage",
    label: "Privacy Policy",
    inMenu: false,
    inFooter: true,
  },
  {
    path: "/TermsCondition",
    id: "terms",
    module: "TermsPage",
    label: "Terms and Conditions",
    inMenu: false,
    inFooter: true,
  },
  {
    path: "/RecentArticles",
    id: "articles",
    module: "RecentArticlesPage",
    label: "Recent Articles",
    inMenu: false,
    inFooter: true,
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

/**
 * Every URL the server keeps a page for: each route's path, plus one URL per variant value
 * (`/Contact?sent=1`). Derived from the table, so a new variant is kept without other changes.
 */
export function keptPageUrls(): string[] {
  return siteRoutes.flatMap((route) => [
    route.path,
    ...Object.entries(route.variants ?? {}).flatMap(([name, values]) =>
      values.map((value) => `${route.path}?${new URLSearchParams({ [name]: value })}`),
    ),
  ]);
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
