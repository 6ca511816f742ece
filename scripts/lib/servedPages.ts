import { startProductionServer } from "../harness/productionServer.ts";
import { contactFields } from "../../shared/contactMessages.ts";
import { keptPageUrls, NOT_FOUND_ROUTE_ID, routeByPath, type RouteId } from "../../shared/site.ts";

/** A request whose page the build reads, and the route whose stylesheet must cover it. */
interface PageRequest {
  routeId: RouteId | typeof NOT_FOUND_ROUTE_ID;
  url: string;
  init?: RequestInit;
}

/**
 * Every page the server can send, by route: each kept URL (variants included), the not-found
 * page, and the Contact page re-rendered with every field's error (what a form post without
 * JavaScript gets back).
 */
export function pageRequests(): PageRequest[] {
  const kept = keptPageUrls().map((url) => ({ routeId: routeByPath(url.split("?")[0]!)!.id, url }));
  return [
    ...kept,
    { routeId: NOT_FOUND_ROUTE_ID, url: "/this-page-does-not-exist" },
    {
      routeId: "contact",
      url: "/Contact",
      init: {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(contactFields.map((field) => [field, ""])).toString(),
      },
    },
  ];
}

/**
 * Starts the server just built (`dist/server/main.js`, production mode, loopback, nothing
 * logged, no metrics listener, a queue file of its own) and collects the HTML of every page it
 * serves, by route id. The build's own output is the one source of truth for what a page
 * contains: no second renderer to drift from it.
 */
export async function servedPages(main = "dist/server/main.js"): Promise<Map<string, string[]>> {
  const server = await startProductionServer({ LOG_LEVEL: "silent" }, { main }).catch((error: unknown) => {
    throw new Error("Reading the built pages failed", { cause: error });
  });
  try {
    const pages = new Map<string, string[]>();
    for (const { routeId, url, init } of pageRequests()) {
      const response = await fetch(server.url + url, init);
      const html = await response.text();
      if (!html.includes("<html"))
        throw new Error(`${init?.method ?? "GET"} ${url} answered ${response.status} without a page`);
      pages.set(routeId, [...(pages.get(routeId) ?? []), html]);
    }
    return pages;
  } catch (error) {
    throw new Error(`Reading the built pages failed:\n${server.output()}`, { cause: error });
  } finally {
    await server.stop();
  }
}
