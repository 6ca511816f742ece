import { siteRoutes, type SiteRoute } from "../shared/site.ts";

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

/** First path segments that belong to the app's other routes, not to pages. */
const APP_SEGMENTS = new Set(["assets", "api", "healthz", "readyz", ".well-known"]);
/** A last segment with an extension names a file (public/, robots.txt, favicon.ico, manifest.webmanifest...). */
const FILE_NAME = /\.[a-z0-9]{1,11}$/i;

/**
 * Whether a GET/HEAD is for Express's routes (files, health, API) rather than for a page.
 * Decided on the raw path, as Express would route it (case-insensitive, trailing slash allowed).
 */
export function isAppPath(url: string): boolean {
  const end = url.indexOf("?");
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.startsWith("/")) return false;
  const second = path.indexOf("/", 1);
  const first = (second === -1 ? path.slice(1) : path.slice(1, second)).toLowerCase();
  return APP_SEGMENTS.has(first) || FILE_NAME.test(path);
}

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

/** Classifies a request target (`req.url`: path and query as they came). Pure; never throws. */
export function classifyUrl(url: string): PageUrl {
  const end = url.indexOf("?");
  const rawPath = end === -1 ? url : url.slice(0, end);
  const query = end === -1 ? "" : url.slice(end + 1);
  const exact = byPath.get(rawPath);
  if (exact) return { kind: "page", route: exact, key: keyOf(exact, query) };
  if (!rawPath.startsWith("/")) return { kind: "badRequest" };

  const segments: string[] = [];
  for (const raw of rawPath.split("/")) {
    if (raw === "") continue; // doubled, leading and trailing slashes
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { kind: "badRequest" };
    }
    // An escaped slash is not a separator, and dot segments are no page's spelling.
    if (segment === "." || segment === ".." || /[/\\\0]/.test(segment)) return { kind: "notFound" };
    segments.push(segment);
  }
  const route = byLowerPath.get(`/${segments.join("/")}`.toLowerCase());
  if (!route) return { kind: "notFound" };
  return { kind: "redirect", location: query ? `${route.path}?${headerSafe(query)}` : route.path };
}
