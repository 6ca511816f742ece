import { Writable } from "node:stream";
import { render } from "../../client/entry.server.tsx";
import { createPageAssets, type BuildManifest } from "../../server/assets.ts";
import { loadConfig } from "../../server/config.ts";
import { checkContact } from "../../shared/contact.ts";
import { contactFields } from "../../shared/contactMessages.ts";
import { keptPageUrls, NOT_FOUND_ROUTE_ID, routeById, routeByPath } from "../../shared/site.ts";

/**
 * Renders one page in this process with the renderer the server streams with
 * (client/entry.server.tsx, React's renderToPipeableStream) and the assets the manifest gives it.
 */
function renderPage(url: string, manifest: BuildManifest, pageData?: Record<string, unknown>): Promise<string> {
  const { SITE_URL: siteUrl, MAIN_SITE_URL: mainSiteUrl } = loadConfig({});
  const pageAssets = createPageAssets(manifest);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write: (chunk: Buffer, _encoding, done) => done(void chunks.push(chunk)),
    }).on("finish", () => resolve(Buffer.concat(chunks).toString("utf8")));
    render(new Request(new URL(url, siteUrl)), {
      config: { siteUrl, mainSiteUrl, ...(pageData ? { pageData } : {}) },
      assetsFor: (ids) => pageAssets(ids).assets,
      onShellReady: (_status, stream) => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    }).catch(reject);
  });
}

/**
 * The HTML of every page the server can send, by route id: each kept URL (variants included),
 * the not-found page, and the Contact page with every field's error (what a form post without
 * JavaScript gets back, server/contact/contactRoutes.ts). Rendered in this process: the build
 * starts no server to read them (test/server/build-no-server.test.ts).
 */
export async function renderedPages(manifest: BuildManifest): Promise<Map<string, string[]>> {
  const values = Object.fromEntries(contactFields.map((field) => [field, ""]));
  const check = checkContact(values);
  const contactErrors = { values, errors: check.ok ? {} : check.errors };
  const requests: Array<[string, string, Record<string, unknown>?]> = [
    ...keptPageUrls().map((url): [string, string] => [routeByPath(url.split("?")[0]!)!.id, url]),
    [NOT_FOUND_ROUTE_ID, "/this-page-does-not-exist"],
    ["contact", routeById("contact").path, contactErrors],
  ];
  const pages = new Map<string, string[]>();
  for (const [routeId, url, pageData] of requests)
    pages.set(routeId, [...(pages.get(routeId) ?? []), await renderPage(url, manifest, pageData)]);
  return pages;
}
