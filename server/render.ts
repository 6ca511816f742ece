import type { Request, Response, NextFunction } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import { Writable } from "node:stream";
import type { Logger } from "pino";
import { isNotFoundPath, render } from "../client/entry.server.tsx";
import type { AppConfig } from "../client/AppConfig.tsx";
import { assetsFor, type BuildManifest } from "./assets.ts";
import { etagMatches, HTML_CACHE_CONTROL, NO_STORE, pageEtag } from "./httpCaching.ts";
import { RenderCache } from "./renderCache.ts";

export interface RenderDeps {
  manifest: BuildManifest;
  config: Pick<AppConfig, "mainSiteUrl" | "siteUrl">;
  timeoutMs: number;
  logger: Logger;
  /** The page validator of a URL (see pageEtag); defaults to one derived from manifest+config. */
  etagFor?: (url: string) => string;
}

const shellErrorPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head><body><main><h1>Something went wrong</h1><p>Please reload the page in a moment.</p></main></body></html>`;

/** What a page's HTML depends on besides its URL: the build and the public config. */
export function createEtagFor(manifest: BuildManifest, config: RenderDeps["config"]): (url: string) => string {
  const buildId = manifest.buildId ?? createHash("sha1").update(JSON.stringify(manifest)).digest("hex");
  const configKey = JSON.stringify(config);
  return (url) => pageEtag(buildId, configKey, url);
}

function etagOf(deps: RenderDeps, url: string): string {
  deps.etagFor ??= createEtagFor(deps.manifest, deps.config);
  return deps.etagFor(url);
}

/** Builds the fetch Request react-router's static handler wants from Express's request. */
export function toFetchRequest(req: Request, signal: AbortSignal): globalThis.Request {
  const url = new URL(req.originalUrl || req.url, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  // Pages are GET-only for the router; the body (a no-JS form post) is handled before us.
  return new Request(url, { method: "GET", signal });
}

/** Only plain GET/HEAD renders are the same for everyone; a re-render with form data is not. */
function isSharedRender(req: IncomingMessage, pageData: unknown, statusOverride: unknown): boolean {
  return pageData === undefined && statusOverride === undefined && (req.method === "GET" || req.method === "HEAD");
}

/** Cached or streamed, a page revalidates the same way (HTML_CACHE_CONTROL + ETag). */
export function writeNotModified(res: ServerResponse, etag: string): void {
  res.statusCode = 304;
  res.setHeader("Cache-Control", HTML_CACHE_CONTROL);
  res.setHeader("ETag", etag);
  res.setHeader("Vary", "Accept-Encoding");
  res.end();
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
  const shared = isSharedRender(req, pageData, statusOverride);
  const etag = shared ? etagOf(deps, req.originalUrl || req.url) : undefined;
  if (etag && etagMatches(req.headers["if-none-match"], etag)) return writeNotModified(res, etag);

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
      const finalStatus = statusOverride ?? status;
      res.status(finalStatus);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      if (etag && (finalStatus === 200 || finalStatus === 404)) {
        res.setHeader("Cache-Control", HTML_CACHE_CONTROL);
        res.setHeader("ETag", etag);
      } else {
        res.setHeader("Cache-Control", NO_STORE);
      }
      stream.pipe(res);
    },
    onShellError(error) {
      clearTimeout(deadline);
      log.error({ err: error }, "page shell failed to render");
      if (res.headersSent) return void res.end();
      res.status(500).setHeader("Content-Type", "text/html; charset=utf-8").setHeader("Cache-Control", NO_STORE).end(shellErrorPage);
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

export interface RenderedPage {
  status: number;
  html: Buffer;
}

/**
 * Renders a URL to memory with the same renderer the streaming path uses (for the render
 * cache). Rejects on any render error: a page that failed must not be kept.
 */
export async function renderToBuffer(path: string, deps: RenderDeps): Promise<RenderedPage> {
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(new Error(`Render exceeded ${deps.timeoutMs} ms`)), deps.timeoutMs);
  try {
    return await new Promise<RenderedPage>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let failure: Error | undefined;
      let status = 0;
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
      sink.on("finish", () => (failure ? reject(failure) : resolve({ status, html: Buffer.concat(chunks) })));
      controller.signal.addEventListener("abort", () => reject(controller.signal.reason as Error), { once: true });
      render(new Request(new URL(path, deps.config.siteUrl), { method: "GET", signal: controller.signal }), {
        config: { ...deps.config },
        assetsFor: (ids) => assetsFor(deps.manifest, ids),
        onShellReady(shellStatus, stream) {
          status = shellStatus;
          stream.pipe(sink);
        },
        onShellError: reject,
        onError(error) {
          failure ??= error as Error;
        },
      }).then((result) => {
        if (result.kind === "redirect") reject(new Error(`${path} redirects: not a page to keep`));
        else controller.signal.addEventListener("abort", () => result.stream.abort(controller.signal.reason), { once: true });
      }, reject);
    });
  } finally {
    clearTimeout(deadline);
  }
}

/** The page route: the render cache when it holds the URL, the streaming renderer otherwise. */
export function pageHandler(deps: RenderDeps & { cache?: RenderCache }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (deps.cache?.serve(req, res)) return;
    streamPage(req, res, deps).catch(next);
  };
}

/** A render cache filled by this renderer. */
export function createRenderCache(deps: RenderDeps): RenderCache {
  return new RenderCache({
    renderPage: (path) => renderToBuffer(path, deps),
    etagFor: (url) => etagOf(deps, url),
    isNotFoundPath,
    logger: deps.logger,
  });
}
