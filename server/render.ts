import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import { Writable } from "node:stream";
import type { Logger } from "pino";
import type { PipeableStream } from "react-dom/server";
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
  const pageConfig = { mainSiteUrl: config.MAIN_SITE_URL, siteUrl: config.SITE_URL };
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
    onRender: metrics && ((kind: "kept" | "streamed") => metrics.pageRendered(kind)),
    /** A page's assets, and its security headers that allow its inline rules (server/assets.ts). */
    pageAssets: createPageAssets(manifest),
    /** NODE_ENV=development: a failed page shows its error and stack (never in production). */
    showErrors: config.NODE_ENV === "development",
  };
}

/** How pages render, made once per server (createRenderDeps). */
export type RenderDeps = ReturnType<typeof createRenderDeps>;

interface RenderEvents {
  shellReady(status: number, stream: PipeableStream, security: readonly string[]): void;
  shellError(error: unknown): void;
  /** An error after the shell; `aborted` when the render had been aborted already. */
  error(error: unknown, aborted: boolean): void;
}

/**
 * One render of `path` (a key from server/pageUrl.ts, or /Contact for the form), kept or
 * streamed alike: the router's request is built on SITE_URL, never on the Host header (a request
 * can make it neither fail nor another page), and a render slower than the deadline is aborted.
 * `end` stops the deadline and ends the render's span.
 */
function startRender(
  deps: RenderDeps,
  path: string,
  kind: "kept" | "streamed",
  pageData: Record<string, unknown> | undefined,
  on: RenderEvents,
) {
  const endSpan = renderSpan(path);
  deps.onRender?.(kind);
  const controller = new AbortController();
  const deadline = setTimeout(
    () => controller.abort(new Error(`Render exceeded ${deps.timeoutMs} ms`)),
    deps.timeoutMs,
  );
  let security = baseSecurityHeaders;
  let ended = false;
  const end = (error?: unknown) => {
    if (ended) return;
    ended = true;
    clearTimeout(deadline);
    endSpan(error);
  };
  // Pages are GET-only for the router; the body (a no-JS form post) is handled before us.
  const rendered = render(new Request(new URL(path, deps.config.siteUrl), { signal: controller.signal }), {
    config: { ...deps.config, ...(pageData ? { pageData } : {}) },
    assetsFor: (ids) => {
      const page = deps.pageAssets(ids);
      security = page.security;
      return page.assets;
    },
    onShellReady: (status, stream) => on.shellReady(status, stream, security),
    onShellError: (error) => on.shellError(error),
    onError: (error) => on.error(error, controller.signal.aborted),
  }).then((stream) => {
    const abort = () => stream.abort(controller.signal.reason);
    if (controller.signal.aborted) abort();
    else controller.signal.addEventListener("abort", abort, { once: true });
  });
  return { rendered, end, controller };
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
 * Streams the page of `path`: the shell goes out as soon as it is ready, the rest as React
 * produces it, all written by writePage. Past the cap of renders in flight the answer is 503.
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
  res.once("close", () => gate.inFlight--);

  const log = requestLogger(req, deps.logger);
  let shellError: unknown;
  const { rendered, end, controller } = startRender(deps, path, "streamed", options.pageData, {
    shellReady(status, stream, security) {
      const etag = options.status === undefined ? options.etag : undefined;
      write({ kind: "stream", status: options.status ?? status, etag, stream, security });
    },
    shellError(error) {
      shellError = error;
      end(error);
      // React told onError of this error first, which logged it unless the render was aborted.
      if (controller.signal.aborted) log.error({ err: error }, "page shell failed to render");
      if (res.headersSent) return void res.end();
      write({ kind: "failed", error: deps.showErrors ? error : undefined });
    },
    error(error, aborted) {
      if (aborted || res.writableEnded) return;
      log.error({ err: error }, "page render error");
    },
  });
  res.once("close", () => {
    end(shellError);
    if (!res.writableFinished) controller.abort(new Error("Client went away"));
  });
  await rendered;
}

/**
 * Renders a URL to memory with the renderer the streaming path uses, for the render cache to
 * compress and keep: its status, HTML and security headers (whose CSP allows its inline rules).
 * Rejects on any render error: a page that failed must not be kept.
 */
export function renderToBuffer(path: string, deps: RenderDeps) {
  return new Promise<{ status: number; html: Buffer; security: readonly string[] }>((resolve, reject) => {
    let failure: unknown;
    const fail = (error: unknown) => {
      end(error);
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const { rendered, end, controller } = startRender(deps, path, "kept", undefined, {
      shellReady(status, stream, security) {
        const chunks: Buffer[] = [];
        const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => done(void chunks.push(chunk)) });
        sink.on("finish", () =>
          failure ? fail(failure) : (end(), resolve({ status, html: Buffer.concat(chunks), security })),
        );
        stream.pipe(sink);
      },
      shellError: fail,
      error: (error) => (failure ??= error),
    });
    rendered.catch(fail);
    controller.signal.addEventListener("abort", () => fail(controller.signal.reason), { once: true });
  });
}
