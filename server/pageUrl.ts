import { contactEndpoint } from "../shared/contactMessages.ts";
import { routeById, siteRoutes, type SiteRoute } from "../shared/site.ts";

/**
 * What a page request's URL asks for, decided from the request target alone (never the Host
 * header, never a URL parser that could take `//main` for a host):
 * - `page`: a canonical page path; `key` is the kept page that answers it (the bare path, or
 *   the variant for a query value the page reads, like `/Contact?sent=1`).
 * - `redirect`: another spelling of a page path (trailing or doubled slash, other casing,
 *   percent-escaped letters); `location` is the canonical path with the query as it came.
 * - `notFound`: no page has this path.
 * - `badRequest`: the path is not valid percent-encoding (`/%`), or not a path at all.
 */
export type PageUrl =
  | { kind: "page"; route: SiteRoute; key: string }
  | { kind: "redirect"; location: string }
  | { kind: "notFound" }
  | { kind: "badRequest" };

const byLowerPath = new Map(siteRoutes.map((route) => [route.path.toLowerCase(), route]));
/** The exact canonical spellings: most requests are one of them, and need no decoding. */
const byPath = new Map(siteRoutes.map((route) => [route.path, route]));

/**
 * Percent-encodes what may not stand in a Location header as it came (bytes outside printable
 * ASCII: node hands the request target over as latin1, one char per byte).
 */
function headerSafe(value: string): string {
  return value.replace(/[^\x21-\x7e]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}

/** The kept page for a route and query: a variant only for a value the page reads. */
function keyOf(route: SiteRoute, query: string): string {
  if (!route.variants || !query) return route.path;
  const params = new URLSearchParams(query);
  for (const [name, values] of Object.entries(route.variants)) {
    // The page reads the first value (URLSearchParams.get), so this does too.
    const value = params.get(name);
    if (value !== null && values.includes(value)) return `${route.path}?${new URLSearchParams({ [name]: value })}`;
  }
  return route.path;
}

/** The path of a request target, without its query. */
export const pathOf = (url: string) => {
  const end = url.indexOf("?");
  return end === -1 ? url : url.slice(0, end);
};

/** Classifies a request target (`req.url`: path and query as they came). Pure; never throws. */
export function classifyUrl(url: string): PageUrl {
  const rawPath = pathOf(url);
  const query = url.slice(rawPath.length + 1);
  const exact = byPath.get(rawPath);
  if (exact) return { kind: "page", route: exact, key: keyOf(exact, query) };
  if (!rawPath.startsWith("/")) return { kind: "badRequest" };

  // Every segment is decoded first: a malformed escape anywhere is a bad request, whatever else the path holds.
  let segments: string[];
  try {
    segments = rawPath
      .split("/")
      .filter((raw) => raw !== "")
      .map((raw) => decodeURIComponent(raw)); // doubled, leading and trailing slashes
  } catch {
    return { kind: "badRequest" };
  }
  // An escaped slash is not a separator, and dot segments are no page's spelling.
  if (segments.some((segment) => segment === "." || segment === ".." || /[/\\\0]/.test(segment)))
    return { kind: "notFound" };
  const route = byLowerPath.get(`/${segments.join("/")}`.toLowerCase());
  if (!route) return { kind: "notFound" };
  return { kind: "redirect", location: query ? `${route.path}?${headerSafe(query)}` : route.path };
}

// The route a request or beacon is counted and traced under (server/metrics.ts,
// server/tracing.ts): a closed set, so no URL, however forged, adds a time series or span name.

/** A request or beacon of a path the route table does not know (the not-found page). */
export const NOT_A_PAGE = "(not found)";

/** The route label of a request: a page's canonical path, or one of a few fixed names. */
export function routeLabel(url: string, method: string): string {
  const path = pathOf(url);
  if (path.startsWith("/assets/")) return "/assets/*";
  // The contact form posts to the API (with its script) or to its own page (without).
  if (path === contactEndpoint || (path === routeById("contact").path && method === "POST")) return path;
  if (path === "/api/vitals" || path === "/healthz" || path === "/readyz") return path;
  if (path === "/robots.txt" || path === "/sitemap.xml" || path.startsWith("/.well-known/")) return "meta";
  if (method !== "GET" && method !== "HEAD") return "other";
  const page = classifyUrl(url);
  if (page.kind === "page") return page.route.path;
  if (page.kind === "redirect") return "redirect";
  return page.kind === "badRequest" ? "bad request" : NOT_A_PAGE;
}
