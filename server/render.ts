import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import { Writable } from "node:stream";
import type { Logger } from "pino";
import { requestLogger } from "./logger.ts";
import { render } from "../client/entry.server.tsx";
import type { AppConfig } from "../client/AppConfig.tsx";
import { assetsFor, type BuildManifest } from "./assets.ts";
import { pageEtag } from "./httpCaching.ts";
import { isNotModified, writePage } from "./pageWriter.ts";
import { endSpan, startRenderSpan } from "./tracing.ts";
import { RenderCache, type RenderedPage } from "./renderCache.ts";

export interface RenderDeps {
  manifest: BuildManifest;
  config: Pick<AppConfig, "mainSiteUrl" | "siteUrl">;
  timeoutMs: number;
  logger: Logger;
  /** The page validator of a URL (see pageEtag, createEtagFor). */
  etagFor: (url: string) => string;
  /** Streaming renders in flight, shared by everything that streams with these deps. */
  streams?: RenderGate;
  /**
   * The security headers of page answers without a page in them (redirects, 304, 503...), flat
   * name/value pairs: recorded once from helmet (server/securityHeaderSet.ts), the set every answer gets.
   */
  securityHeaders: readonly string[];
  /** Told each render (server/metrics.ts page_renders_total). */
  onRender?: ((kind: "kept" | "streamed") => void) | undefined;
  /** A cacheable page's Cache-Control (HTML_CACHE_SECONDS, HTML_STALE_SECONDS); unset: the defaults. */
  cacheControl?: string | undefined;
  /** The same, for a page of these matched routes: its CSP also allows its inline style by hash. */
  pageSecurityHeaders(routeIds: string[]): readonly string[];
  /** NODE_ENV=development: a failed page shows its error and stack (never in production). */
  showErrors?: boolean;
}

/**
 * Renders are the one thing a request can make the server do that costs milliseconds of CPU;
 * past `max` in flight a new one is refused (503 + Retry-After) rather than queued without limit.
 */
export interface RenderGate {
  inFlight: number;
  max: number;
}

/** Streaming renders in flight per process before a new one is answered 503 (2 cores: ~50 ms of work queued each). */
export const MAX_STREAMING_RENDERS = 32;

/** What a page's HTML depends on besides its URL: the build and the public config. */
export function createEtagFor(manifest: BuildManifest, config: RenderDeps["config"]): (url: string) => string {
  const buildId = manifest.buildId ?? createHash("sha1").update(JSON.stringify(manifest)).digest("hex");
  const configKey = JSON.stringify(config);
  return (url) => pageEtag(buildId, configKey, url);
}

/**
 * The fetch Request react-router's static handler wants, for a path (and query) of ours. Built
 * on SITE_URL, never on the Host header: a request can make it neither fail nor another page.
 */
export function pageRequest(path: string, siteUrl: string, signal: AbortSignal): globalThis.Request {
  // Pages are GET-only for the router; the body (a no-JS form post) is handled before us.
  return new Request(new URL(path, siteUrl), { method: "GET", signal });
}

export interface StreamOptions {
  /** Data the page renders with (the contact form's values and errors): never shared. */
  pageData?: Record<string, unknown>;
  /** The status to send instead of the router's (a failed form post: 400, 429, 503...). */
  status?: number;
  /** The validator when the render is the same for everyone (a kept page's key). */
  etag?: string;
  /** The status the render will have, for `If-None-Match: *` (only a page matches it). */
  expectedStatus?: number;
}

/**
 * Streams the page of `path` (a key from server/pageUrl.ts, or /Contact for the form): the
 * shell goes out as soon as it is ready, the rest as React produces it, all written by
 * writePage. A render slower than the deadline is aborted; past the cap of renders in flight
 * the answer is 503.
 */
export async function streamRender(
  req: IncomingMessage,
  res: ServerResponse,
  deps: RenderDeps,
  path: string,
  options: StreamOptions = {},
): Promise<void> {
  if (isNotModified(req, options.etag, options.expectedStatus))
    return writePage(req, res, { kind: "notModified", etag: options.etag! }, deps.cacheControl);
  const gate = deps.streams;
  if (gate && gate.inFlight >= gate.max) return writePage(req, res, { kind: "busy" }, deps.cacheControl);
  if (gate) {
    gate.inFlight++;
    res.once("close", () => gate.inFlight--);
  }

  const controller = new AbortController();
  const span = startRenderSpan(path);
  deps.onRender?.("streamed");
  let shellError: unknown;
  res.once("close", () => endSpan(span, shellError));
  const log = requestLogger(req, deps.logger);
  let aborted = false;
  const logged = new WeakSet<object>();
  const deadline = setTimeout(() => {
    aborted = true;
    controller.abort(new Error(`Render exceeded ${deps.timeoutMs} ms`));
  }, deps.timeoutMs);
  res.on("close", () => {
    clearTimeout(deadline);
    if (!res.writableFinished) controller.abort(new Error("Client went away"));
  });

  let security = deps.securityHeaders;
  const result = await render(pageRequest(path, deps.config.siteUrl, controller.signal), {
    config: { ...deps.config, ...(options.pageData ? { pageData: options.pageData } : {}) },
    assetsFor: (ids) => {
      security = deps.pageSecurityHeaders(ids);
      return assetsFor(deps.manifest, ids);
    },
    onShellReady(status, stream) {
      writePage(
        req,
        res,
        {
          kind: "stream",
          status: options.status ?? status,
          etag: options.status === undefined ? options.etag : undefined,
          stream,
          security,
        },
        deps.cacheControl,
      );
    },
    onShellError(error) {
      clearTimeout(deadline);
      shellError = error;
      // React reported this very error to onError a moment ago: one line per error, not two.
      if (!(typeof error === "object" && error !== null && logged.has(error)))
        log.error({ err: error }, "page shell failed to render");
      if (res.headersSent) return void res.end();
      writePage(req, res, { kind: "failed", error: deps.showErrors ? error : undefined }, deps.cacheControl);
    },
    onError(error) {
      if (aborted || controller.signal.aborted || res.writableEnded) return;
      if (typeof error === "object" && error !== null) logged.add(error);
      log.error({ err: error }, "page render error");
    },
  });

  if (result.kind === "redirect") {
    clearTimeout(deadline);
    const location = result.response.headers.get("Location") ?? "/";
    writePage(req, res, { kind: "redirect", status: result.response.status as 301, location }, deps.cacheControl);
    return;
  }
  controller.signal.addEventListener("abort", () => result.stream.abort(controller.signal.reason), { once: true });
}

/**
 * Renders a URL to memory with the same renderer the streaming path uses (for the render
 * cache). Rejects on any render error: a page that failed must not be kept.
 */
export async function renderToBuffer(path: string, deps: RenderDeps): Promise<RenderedPage> {
  const span = startRenderSpan(path);
  deps.onRender?.("kept");
  let error: unknown;
  const controller = new AbortController();
  const deadline = setTimeout(
    () => controller.abort(new Error(`Render exceeded ${deps.timeoutMs} ms`)),
    deps.timeoutMs,
  );
  try {
    return await new Promise<RenderedPage>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let failure: Error | undefined;
      let status = 0;
      let security = deps.securityHeaders;
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
      sink.on("finish", () => (failure ? reject(failure) : resolve({ status, html: Buffer.concat(chunks), security })));
      controller.signal.addEventListener("abort", () => reject(controller.signal.reason as Error), { once: true });
      render(pageRequest(path, deps.config.siteUrl, controller.signal), {
        config: { ...deps.config },
        assetsFor: (ids) => {
          security = deps.pageSecurityHeaders(ids);
          return assetsFor(deps.manifest, ids);
        },
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
        else
          controller.signal.addEventListener("abort", () => result.stream.abort(controller.signal.reason), {
            once: true,
          });
      }, reject);
    });
  } catch (failure) {
    error = failure;
    throw failure;
  } finally {
    clearTimeout(deadline);
    endSpan(span, error);
  }
}

/** A render cache filled by this renderer. */
export function createRenderCache(deps: RenderDeps): RenderCache {
  return new RenderCache({
    renderPage: (path) => renderToBuffer(path, deps),
    etagFor: deps.etagFor,
    logger: deps.logger,
  });
}
