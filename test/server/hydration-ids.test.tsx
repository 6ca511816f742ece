import { describe, expect, it } from "vitest";
import request from "supertest";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { App } from "../../client/App.tsx";
import { PageRulesContext } from "../../client/PageRules.tsx";
import { createRoutes } from "../../client/routes.tsx";
import { createHandler } from "../../server/handler.ts";
import { siteRoutes } from "../../shared/site.ts";
import { testConfig } from "../../scripts/harness/config.ts";

// The browser hydrates #root with <App><RouterProvider/></App>; the server renders the same app
// inside the Document. Every id inside #root must come out the same from both trees, or React
// meets other ids than it renders (useId is derived from the tree above it: client/domId.ts).

const app = createHandler(testConfig());
const config = { mainSiteUrl: "https://app.example.com", siteUrl: "http://localhost:3000" };
const handler = createStaticHandler(createRoutes());

const idsOf = (html: string) => [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]!);

/**
 * What the browser's tree renders for `path`: App and the router, nothing around them. The page's
 * inlined rules, where it has them, are what the browser reads back from the served element
 * (client/PageRules.tsx): given here as the served text.
 */
async function rootTreeIds(path: string, pageRules: string | undefined): Promise<string[]> {
  const context = await handler.query(new Request(`${config.siteUrl}${path}`));
  if (context instanceof Response) throw new Error(`${path} redirected`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return idsOf(
    renderToString(
      <PageRulesContext value={pageRules}>
        <App config={config}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </App>
      </PageRulesContext>,
    ),
  );
}

describe("ids inside #root", () => {
  it.each(siteRoutes.map((r) => r.path))(
    "are the same in the server's page and the browser's tree on %s",
    async (path) => {
      const res = await request(app).get(path).set("Accept-Encoding", "identity");
      const root = res.text.slice(res.text.indexOf('<div id="root">') + '<div id="root">'.length);
      const served = idsOf(root.slice(0, root.lastIndexOf("</div>")));
      expect(served.length).toBeGreaterThan(0);
      const pageRules = /<style id="page-rules">([\s\S]*?)<\/style>/.exec(root)?.[1];
      expect(await rootTreeIds(path, pageRules)).toEqual(served);
    },
  );
});
