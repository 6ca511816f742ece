import type { Logger } from "pino";
import type { Config } from "./config.ts";
import { inlineStyleSources, readManifest, type BuildManifest } from "./assets.ts";
import { createEtagFor, createRenderCache, MAX_STREAMING_RENDERS, type RenderDeps } from "./render.ts";
import { createFrontDoor, type FrontDoor } from "./frontDoor.ts";
import type { RenderCache } from "./renderCache.ts";
import { securityHeaderSet } from "./securityHeaderSet.ts";
import { htmlCacheControl } from "./httpCaching.ts";
import type { Metrics } from "./metrics.ts";

export interface PagesDeps {
  logger: Logger;
  /** Kept pages made elsewhere; by default made here when RENDER_CACHE=on. */
  renderCache?: RenderCache;
  /** Streaming renders in flight before a new one is answered 503 (default MAX_STREAMING_RENDERS). */
  maxStreamingRenders?: number;
  /** Counts renders (server/metrics.ts); unset: nothing counted. */
  metrics?: Pick<Metrics, "pageRendered"> | undefined;
}

/** Everything that answers pages, made once per server. */
export interface Pages {
  /** How pages render, with their security headers: also the contact form's re-render. */
  renderDeps: RenderDeps;
  /** Kept pages; undefined with RENDER_CACHE=off (every page then streams, under the cap). */
  renderCache: RenderCache | undefined;
  /** Answers every GET/HEAD of a page path, and what no Express route took. */
  frontDoor: FrontDoor;
}

/** The security headers of a page, by the style it inlines: one set per route, made once. */
function pageSecurityHeaders(manifest: BuildManifest): RenderDeps["pageSecurityHeaders"] {
  const sets = new Map<string, readonly string[]>();
  return (routeIds) => {
    const sources = inlineStyleSources(manifest, routeIds);
    const key = sources.join(" ");
    let set = sets.get(key);
    if (!set) sets.set(key, (set = securityHeaderSet(sources).flat()));
    return set;
  };
}

/** The renderer, the kept pages and the front door, from the build's manifest and the config. */
export function createPages(config: Config, deps: PagesDeps): Pages {
  const manifest = readManifest(config.CLIENT_DIR);
  const pageConfig = { mainSiteUrl: config.MAIN_SITE_URL, siteUrl: config.SITE_URL };
  const renderDeps: RenderDeps = {
    manifest,
    config: pageConfig,
    timeoutMs: config.RENDER_TIMEOUT_MS,
    logger: deps.logger,
    etagFor: createEtagFor(manifest, pageConfig),
    streams: { inFlight: 0, max: deps.maxStreamingRenders ?? MAX_STREAMING_RENDERS },
    // Every response's security headers (server/handler.ts puts the same set on Express's).
    securityHeaders: securityHeaderSet().flat(),
    cacheControl: htmlCacheControl(config.HTML_CACHE_SECONDS, config.HTML_STALE_SECONDS),
    onRender: deps.metrics && ((kind) => deps.metrics!.pageRendered(kind)),
    pageSecurityHeaders: pageSecurityHeaders(manifest),
    showErrors: config.NODE_ENV === "development",
  };
  // Off: every page goes through the streaming renderer (debugging, benchmarking).
  const renderCache = config.RENDER_CACHE === "off" ? undefined : (deps.renderCache ?? createRenderCache(renderDeps));
  return { renderDeps, renderCache, frontDoor: createFrontDoor({ renderDeps, cache: renderCache }) };
}
