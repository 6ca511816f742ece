import { routeById } from "../shared/site.ts";
import { contactEndpoint } from "../shared/contactMessages.ts";
import { classifyUrl } from "./pageUrl.ts";

// The route a request or beacon is counted and traced under (server/metrics.ts,
// server/tracing.ts): a closed set, so no URL, however forged, adds a time series or span name.

/** A request or beacon of a path the route table does not know (the not-found page). */
export const NOT_A_PAGE = "(not found)";

/** The route label of a request: a page's canonical path, or one of a few fixed names. */
export function routeLabel(url: string, method: string): string {
  const path = url.split("?")[0] ?? "";
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
