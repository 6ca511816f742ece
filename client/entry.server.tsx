import { renderToPipeableStream, type PipeableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { App } from "./App.tsx";
import type { AppConfig } from "./AppConfig.tsx";
import { Document, type DocumentAssets } from "./Document.tsx";
import { PageRulesContext } from "./PageRules.tsx";
import { createRoutes, NOT_FOUND_ROUTE_ID } from "./routes.tsx";
import { structuredDataFor } from "./structuredData.ts";

const handler = createStaticHandler(createRoutes());

export interface RenderOptions {
  config: AppConfig;
  /** The assets of the matched routes (the server reads them from the build manifest). */
  assetsFor(routeIds: string[]): DocumentAssets;
  /** Called once the shell can be sent: pipe the stream to the response there. */
  onShellReady(status: number, stream: PipeableStream): void;
  onShellError(error: unknown): void;
  onError(error: unknown): void;
}

/** Renders a page request: react-router's static handler, then React's streaming renderer. */
export async function render(request: Request, options: RenderOptions): Promise<PipeableStream> {
  const context = await handler.query(request);
  // No route has a loader or an action, so the static handler never answers with a Response (a
  // redirect): the server's other spellings are redirected before any render (server/pageUrl.ts).
  if (context instanceof Response) throw new Error(`${request.url}: the router answered ${context.status}, not a page`);

  const routeIds = context.matches.map((m) => m.route.id);
  const notFound = routeIds.includes(NOT_FOUND_ROUTE_ID);
  const status = notFound ? 404 : context.statusCode;
  const router = createStaticRouter(handler.dataRoutes, context);
  const assets = options.assetsFor(routeIds);

  let shellStatus = status;
  const stream = renderToPipeableStream(
    <Document
      assets={assets}
      config={options.config}
      structuredData={structuredDataFor(routeIds, options.config.siteUrl)}
    >
      <PageRulesContext value={assets.bodyStyles[0]}>
        <App config={options.config}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </App>
      </PageRulesContext>
    </Document>,
    {
      bootstrapModules: [assets.entry],
      // Never split a finished Suspense boundary out of the page to stream it later: that
      // needs an inline script to put it in place, which the CSP forbids (and the page is
      // small enough to send in one go).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onShellReady() {
        options.onShellReady(shellStatus, stream);
      },
      onShellError(error) {
        options.onShellError(error);
      },
      onError(error) {
        shellStatus = 500;
        options.onError(error);
      },
    },
  );
  return stream;
}
