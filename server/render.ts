import type { Request, Response, NextFunction } from "express";
import type { Logger } from "pino";
import { render } from "../client/entry.server.tsx";
import type { AppConfig } from "../client/AppConfig.tsx";
import { assetsFor, type BuildManifest } from "./assets.ts";

export interface RenderDeps {
  manifest: BuildManifest;
  config: Pick<AppConfig, "mainSiteUrl" | "siteUrl">;
  timeoutMs: number;
  logger: Logger;
}

const shellErrorPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head><body><main><h1>Something went wrong</h1><p>Please reload the page in a moment.</p></main></body></html>`;

/** Builds the fetch Request react-router's static handler wants from Express's request. */
export function toFetchRequest(req: Request, signal: AbortSignal): globalThis.Request {
  const url = new URL(req.originalUrl || req.url, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  // Pages are GET-only for the router; the body (a no-JS form post) is handled before us.
  return new Request(url, { method: "GET", signal });
}

/**
 * Streams a page: the shell goes out as soon as it is ready (status from the router), the
 * rest follows as React produces it. A render slower than the deadline is aborted.
 */
export async function streamPage(
  req: Request,
  res: Response,
  deps: RenderDeps,
  pageData?: Record<string, unknown>,
  statusOverride?: number,
): Promise<void> {
  const controller = new AbortController();
  const log = (req as Request & { log?: Logger }).log ?? deps.logger;
  let aborted = false;
  const deadline = setTimeout(() => {
    aborted = true;
    controller.abort(new Error(`Render exceeded ${deps.timeoutMs} ms`));
  }, deps.timeoutMs);
  res.on("close", () => {
    clearTimeout(deadline);
    if (!res.writableFinished) controller.abort(new Error("Client went away"));
  });

  const result = await render(toFetchRequest(req, controller.signal), {
    config: { ...deps.config, ...(pageData ? { pageData } : {}) },
    assetsFor: (ids) => assetsFor(deps.manifest, ids),
    onShellReady(status, stream) {
      res.status(statusOverride ?? status);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      stream.pipe(res);
    },
    onShellError(error) {
      clearTimeout(deadline);
      log.error({ err: error }, "page shell failed to render");
      if (res.headersSent) return void res.end();
      res.status(500).setHeader("Content-Type", "text/html; charset=utf-8").end(shellErrorPage);
    },
    onError(error) {
      if (aborted || controller.signal.aborted) return;
      log.error({ err: error }, "page render error");
    },
  });

  if (result.kind === "redirect") {
    clearTimeout(deadline);
    const location = result.response.headers.get("Location") ?? "/";
    res.redirect(result.response.status, location);
    return;
  }
  controller.signal.addEventListener("abort", () => result.stream.abort(controller.signal.reason), { once: true });
}

export function pageHandler(deps: RenderDeps) {
  return (req: Request, res: Response, next: NextFunction) => {
    streamPage(req, res, deps).catch(next);
  };
}
