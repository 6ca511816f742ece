import { Writable } from "node:stream";
import { render } from "../../client/entry.server.tsx";
import { createPageAssets, type BuildManifest } from "../../server/assets.ts";
import { keptPageKeys, PLACEHOLDERS, type BuiltPage } from "../../server/renderCache.ts";
import { checkContact } from "../../shared/contact.ts";
import { contactFields } from "../../shared/contactMessages.ts";
import { keptPageUrls, NOT_FOUND_ROUTE_ID, routeById, routeByPath } from "../../shared/site.ts";

/**
 * Renders one page in this process with the renderer the server streams with
 * (client/entry.server.tsx, React's renderToPipeableStream), the assets the manifest gives it,
 * and the placeholder origins the server replaces with its own (server/renderCache.ts).
 */
function renderPage(url: string, manifest: BuildManifest, pageData?: Record<string, unknown>): Promise<BuiltPage> {
  const pageAssets = createPageAssets(manifest);
  let routeIds: string[] = [];
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => done(void chunks.push(chunk)) });
    render(new Request(new URL(url, PLACEHOLDERS.siteUrl)), {
      config: { ...PLACEHOLDERS, ...(pageData ? { pageData } : {}) },
      assetsFor: (ids) => pageAssets((routeIds = ids)).assets,
      onShellReady: (status, stream) =>
        stream.pipe(sink).on("finish", () => resolve({ status, routeIds, html: Buffer.concat(chunks).toString() })),
      onShellError: reject,
      onError: reject,
    }).catch(reject);
  });
}

/**
 * Every page the server keeps (server/renderCache.ts keptPageKeys), by key, as the build writes
 * them to CLIENT_DIR/pages.json: the server renders none of them.
 */
export async function keptPages(manifest: BuildManifest): Promise<Record<string, BuiltPage>> {
  const pages: Record<string, BuiltPage> = {};
  for (const key of keptPageKeys()) pages[key] = await renderPage(key, manifest);
  return pages;
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
    pages.set(routeId, [...(pages.get(routeId) ?? []), (await renderPage(url, manifest, pageData)).html]);
  return pages;
}
