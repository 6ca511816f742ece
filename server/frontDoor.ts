import type { IncomingMessage, ServerResponse } from "node:http";
import { classifyUrl } from "./pageUrl.ts";
import { writePage } from "./pageWriter.ts";
import { etagOf, streamRender, type RenderDeps } from "./render.ts";
import { NOT_FOUND_PROBES, notFoundKey, type RenderCache } from "./renderCache.ts";
import { suggestionProbe, suggestRoute } from "../shared/suggest.ts";

export interface FrontDoorDeps {
  renderDeps: RenderDeps;
  /** Kept pages; undefined with RENDER_CACHE=off (every page then streams, under the cap). */
  cache: RenderCache | undefined;
}

/** Answers a GET or HEAD for a page path. Always answers (page, redirect, 404, 400 or 503). */
export type FrontDoor = (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => void;

/**
 * Every page request (server/handler.ts sends it every GET/HEAD of a page path; Express, what
 * none of its routes took): the URL is classified from the path and query alone
 * (server/pageUrl.ts), then answered from the kept pages by writePage. A page only renders when it is not kept yet
 * (start-up, a failed render, RENDER_CACHE=off); the cache is filled for next time meanwhile.
 */
/** The path of a request target, without its query. */
const pathOf = (url: string) => {
  const end = url.indexOf("?");
  return end === -1 ? url : url.slice(0, end);
};

export function createFrontDoor({ renderDeps, cache }: FrontDoorDeps): FrontDoor {
  /** A render that threw before its shell: answered, so the client is not left waiting. */
  const fail = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    renderDeps.logger.error({ err: error, url: req.url }, "page render failed");
    if (!res.headersSent)
      writePage(
        req,
        res,
        { kind: "failed", error: renderDeps.showErrors ? error : undefined },
        renderDeps.securityHeaders,
        renderDeps.cacheControl,
      );
    else res.destroy();
  };

  /**
   * The not-found page, kept or streamed; with another status for a malformed URL. An unknown
   * path gets the copy that suggests the page it most likely meant (shared/suggest.ts: a few
   * microseconds on a path of at most 40 letters), one of nine kept pages: no render per URL.
   */
  const notFound = (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, status?: 400) => {
    const suggestion = status ? undefined : suggestRoute(pathOf(req.originalUrl ?? req.url ?? "/"));
    const page = suggestion ? cache?.notFoundSuggesting(suggestion.id) : cache?.notFound;
    if (suggestion && !page) void cache?.fillSuggestion(suggestion.id);
    if (page)
      return writePage(
        req,
        res,
        { kind: "kept", page, ...(status ? { status, cacheable: false } : {}) },
        renderDeps.securityHeaders,
        renderDeps.cacheControl,
      );
    // The same validator as the kept not-found page, which is the same for every unknown URL
    // with the same suggestion.
    streamRender(
      req,
      res,
      renderDeps,
      suggestion ? suggestionProbe(suggestion) : NOT_FOUND_PROBES[0]!,
      status ? { status } : { etag: etagOf(renderDeps, notFoundKey(suggestion?.id)), expectedStatus: 404 },
    ).catch((error: unknown) => fail(req, res, error));
  };

  return (req, res) => {
    const url = classifyUrl(req.originalUrl ?? req.url ?? "/");
    switch (url.kind) {
      case "redirect":
        return writePage(
          req,
          res,
          { kind: "redirect", status: 301, location: url.location },
          renderDeps.securityHeaders,
          renderDeps.cacheControl,
        );
      case "badRequest":
        return notFound(req, res, 400);
      case "notFound":
        return notFound(req, res);
      case "page": {
        const page = cache?.route(url.key);
        if (page)
          return writePage(req, res, { kind: "kept", page }, renderDeps.securityHeaders, renderDeps.cacheControl);
        void cache?.fill(url.key);
        streamRender(req, res, renderDeps, url.key, { etag: etagOf(renderDeps, url.key) }).catch((error: unknown) =>
          fail(req, res, error),
        );
        return;
      }
    }
  };
}
