import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import type { Logger } from "pino";
import { requestLogger } from "./logger.ts";
import { render } from "../client/entry.server.tsx";
import { createPageAssets, readManifest } from "./assets.ts";
import type { Config } from "./config.ts";
import { htmlCacheControl, pageEtag } from "./httpCaching.ts";
import type { Metrics } from "./metrics.ts";
import { baseSecurityHeaders } from "./security.ts";
import { notModified, writePage } from "./pageWriter.ts";
import { renderSpan } from "./tracing.ts";

/** Streaming renders in flight per process before a new one is answered 503 (2 cores: ~50 ms of work queued each). */
export const MAX_STREAMING_RENDERS = 32;

/**
 * How pages render, made once per server: the page validator (from what a page's HTML depends
 * on besides its URL: the build and the public config), the cap of streaming renders, the base
 * security set every answer gets (server/handler.ts sets it on each before any step), each
 * page's assets and its own set.
 */
export function createRenderDeps(
  config: Config,
  logger: Logger,
  metrics: Pick<Metrics, "pageRendered"> | undefined,
  maxStreamingRenders = MAX_STREAMING_RENDERS,
) {
  const manifest = readManifest(config.CLIENT_DIR);
  // Pages use SITE_URL's origin only (every link is an absolute path on it): the origin is what
  // the kept pages' placeholder is replaced with (server/renderCache.ts withConfig).
  const pageConfig = { mainSiteUrl: config.MAIN_SITE_URL, siteUrl: new URL(config.SITE_URL).origin };
  const buildId = manifest.buildId ?? createHash("sha1").update(JSON.stringify(manifest)).digest("hex");
  const configKey = JSON.stringify(pageConfig);
  return {
    manifest,
    config: pageConfig,
    timeoutMs: config.RENDER_TIMEOUT_MS,
    logger,
    /** The page validator of a URL (pageEtag). */
    etagFor: (url: string) => pageEtag(buildId, configKey, url),
    /**
     * Streaming renders in flight, shared by everything that streams with these deps: renders are
     * the one thing a request can make the server do that costs milliseconds of CPU, so past `max`
     * a new one is refused (503 + Retry-After) rather than queued without limit.
     */
    streams: { inFlight: 0, max: maxStreamingRenders },
    /** A cacheable page's Cache-Control (HTML_CACHE_SECONDS, HTML_STALE_SECONDS). */
    cacheControl: htmlCacheControl(config.HTML_CACHE_SECONDS, config.HTML_STALE_SECONDS),
    /** Told each render (server/metrics.ts page_renders_total). */
    onRender: metrics && (() => metrics.pageRendered()),
    /** A page's assets, and its security headers that allow its inline rules (server/assets.ts). */
    pageAssets: createPageAssets(manifest),
    /** NODE_ENV=development: a failed page shows its error and stack (never in production). */
    showErrors: config.NODE_ENV === "development",
  };
}

/** How pages render, made once per server (createRenderDeps). */
export type RenderDeps = ReturnType<typeof createRenderDeps>;

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
 * Streams the page of `path` (a key from server/pageUrl.ts, or /Contact for the form): the shell
 * goes out as soon as it is ready, the rest as React produces it, all written by writePage. Past
 * the cap of renders in flight the answer is 503. The router's request is built on SITE_URL,
 * never on the Host header (a request can make it neither fail nor another page), and a render
 * slower than the deadline is aborted.
 */
export async function streamRender(
  req: IncomingMessage,
  res: ServerResponse,
  deps: RenderDeps,
  path: string,
  options: StreamOptions = {},
): Promise<void> {
  const write = (answer: Parameters<typeof writePage>[2]) => writePage(req, res, answer, deps.cacheControl);
  if (notModified(req, options.etag, options.expectedStatus))
    return write({ kind: "notModified", etag: options.etag! });
  const gate = deps.streams;
  if (gate.inFlight >= gate.max) return write({ kind: "busy" });
  gate.inFlight++;

  const log = requestLogger(req, deps.logger);
  const endSpan = renderSpan(path);
  deps.onRender?.();
  const controller = new AbortController();
  const deadline = setTimeout(
    () => controller.abort(new Error(`Render exceeded ${deps.timeoutMs} ms`)),
    deps.timeoutMs,
  );
  let security = baseSecurityHeaders;
  let shellError: unknown;
  res.once("close", () => {
    gate.inFlight--;
    clearTimeout(deadline);
    endSpan(shellError);
    if (!res.writableFinished) controller.abort(new Error("Client went away"));
  });
  // Pages are GET-only for the router; the body (a no-JS form post) is handled before us.
  const stream = await render(new Request(new URL(path, deps.config.siteUrl), { signal: controller.signal }), {
    config: { ...deps.config, ...(options.pageData ? { pageData: options.pageData } : {}) },
    assetsFor: (ids) => {
      const page = deps.pageAssets(ids);
      security = page.security;
      return page.assets;
    },
    onShellReady(status, shell) {
      const etag = options.status === undefined ? options.etag : undefined;
      write({ kind: "stream", status: options.status ?? status, etag, stream: shell, security });
    },
    onShellError(error) {
      shellError = error;
      // React told onError of this error first, which logged it unless the render was aborted.
      if (controller.signal.aborted) log.error({ err: error }, "page shell failed to render");
      if (res.headersSent) return void res.end();
      write({ kind: "failed", error: deps.showErrors ? error : undefined });
    },
    onError(error) {
      if (controller.signal.aborted || res.writableEnded) return;
      log.error({ err: error }, "page render error");
    },
  });
  const abort = () => stream.abort(controller.signal.reason);
  if (controller.signal.aborted) abort();
  else controller.signal.addEventListener("abort", abort, { once: true });
}
