import type { IncomingMessage, ServerResponse } from "node:http";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import type { PipeableStream } from "react-dom/server";
import { chooseEncoding, etagMatches, type CachedPage } from "./httpCaching.ts";
import { baseSecurityHeaders } from "./security.ts";

/**
 * Every way a page request is answered. All of them are written by writePage, whichever way
 * the request came in (the front door, what no Express route took, or the contact form's
 * re-render), so their headers cannot drift apart.
 */
export type PageAnswer =
  /** Kept bytes. `cacheable: false` for answers that must not be stored (the 400 page). */
  | { kind: "kept"; page: CachedPage; status?: number; cacheable?: boolean }
  /** A render's stream, once its shell is ready; `etag` when the page is the same for everyone;
   *  `security`, the page's own set (its inline style's hash in the CSP). */
  | { kind: "stream"; status: number; etag: string | undefined; stream: PipeableStream; security: readonly string[] }
  /** The validator matched: nothing to render or send. */
  | { kind: "notModified"; etag: string }
  /** Another spelling of a page path: permanent, the query kept. */
  | { kind: "redirect"; location: string }
  /** Too many renders in flight: come back shortly. */
  | { kind: "busy" }
  /** The page shell failed to render; `error` only in development, to be shown. */
  | { kind: "failed"; error?: unknown };

const HTML = "text/html; charset=utf-8";
const RETRY_AFTER_S = "1";
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/**
 * A page for an answer that is no render (busy, failed, a refused contact post): a heading and
 * the HTML given, kept as bytes. Styled by the site's stylesheets when given (the CSP allows no
 * inline style here).
 */
export function statusPage(title: string, heading: string, body: string, stylesheets: readonly string[] = []): Buffer {
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join("");
  return Buffer.from(
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
      `<title>${escapeHtml(title)}</title>${links}</head><body><main id="main"><section class="status-page">` +
      `<div class="container"><h1>${heading}</h1>${body}</div></section></main></body></html>`,
  );
}

const AGAIN = "<p>Please reload the page in a moment.</p>";
const busyPage = statusPage("Busy", "We are busy right now", AGAIN);
const failedPage = statusPage("Something went wrong", "Something went wrong", AGAIN);

/**
 * Development only (RenderDeps.showErrors): the render error and its stack over the page, in
 * plain HTML, so the dev loop shows what broke where the page should be (the dev server adds its
 * live reload, so the fix shows by itself once saved).
 */
export function developmentErrorPage(error: unknown): Buffer {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  const body = `<p>Fix the error and save: the page reloads by itself.</p><pre role="alert">${escapeHtml(text)}</pre>`;
  return statusPage("Render error", "The page failed to render", body);
}

/**
 * A stored representation matches `If-None-Match: *` only when there is one: a page, not the
 * not-found page (RFC 9110 13.1.2). Otherwise the weak comparison of the listed tags. An
 * answer without a validator (a form post's page) is never "not modified".
 */
export function notModified(req: IncomingMessage, etag: string | undefined, status = 200): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch === undefined || etag === undefined) return false;
  if (ifNoneMatch.trim() === "*") return status === 200;
  return etagMatches(ifNoneMatch, etag);
}

/** Brotli's 4 MB default window costs more to set up than a page takes to compress. */
function compressor(encoding: "br" | "gzip") {
  return encoding === "br"
    ? createBrotliCompress({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_LGWIN]: 18,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : createGzip({ level: 6 });
}

/** Sets a flat header list (name, value, name, value…) on a response that will write more later. */
export function setHeaders(res: ServerResponse, head: readonly string[]): void {
  for (let i = 0; i < head.length; i += 2) res.setHeader(head[i]!, head[i + 1]!);
}

/**
 * The one writer of page responses: status, caching, encoding, ETag, 304, and HEAD with the
 * same headers as GET (Content-Encoding and Content-Length included), for kept bytes and
 * streamed renders alike. The request id and the base security headers are on the response
 * already (server/handler.ts); a page adds its own set, whose CSP names its inline style.
 */
export function writePage(
  req: IncomingMessage,
  res: ServerResponse,
  answer: PageAnswer,
  /** A cacheable page's Cache-Control (server/httpCaching.ts htmlCacheControl, from the config). */
  cacheControl: string,
  /**
   * The request's own headers (its id) when none has been set on `res` yet (the page step of
   * server/handler.ts): written with the security set in the one writeHead array. Node's
   * writeHead takes a slow path (a remove and an append per header) once any header has been
   * set with setHeader; on a kept page that halved the requests per second (npm run bench).
   */
  own?: readonly string[],
): void {
  const pageSet =
    answer.kind === "kept" ? answer.page.security : answer.kind === "stream" ? answer.security : undefined;
  const head = [...(own ?? []), ...(pageSet ?? (own ? baseSecurityHeaders : []))];
  const isHead = req.method === "HEAD";

  if (answer.kind === "kept") {
    const status = answer.status ?? answer.page.status;
    if (answer.cacheable !== false && notModified(req, answer.page.etag, status))
      return writePage(req, res, { kind: "notModified", etag: answer.page.etag }, cacheControl, own);
  }
  if (answer.kind === "notModified") {
    // No CSP: the browser merges a 304's headers into the page it kept, and one without that
    // page's style hash would then block its inline rules (every rule of an inner page).
    res.removeHeader("Content-Security-Policy");
    const kept = head.filter((_, i) => head[i - (i % 2)] !== "Content-Security-Policy"); // names and values in pairs
    res.writeHead(304, [...kept, "Cache-Control", cacheControl, "ETag", answer.etag, "Vary", "Accept-Encoding"]);
    return void res.end();
  }
  if (answer.kind === "redirect") {
    const cache = "public, max-age=3600";
    res.writeHead(301, [...head, "Location", answer.location, "Cache-Control", cache, "Content-Length", "0"]);
    return void res.end();
  }
  // Set, not only written: the access log reads it (a 503 with Retry-After is a refusal, not a fault).
  if (answer.kind === "busy") res.setHeader("Retry-After", RETRY_AFTER_S);
  // A page goes in the client's encoding (kept bytes, or a render compressed as it streams); an
  // error page as it is. Only a page the same for everyone is cacheable, with its ETag.
  const page = answer.kind === "kept" || answer.kind === "stream";
  const encoding = page ? chooseEncoding(req.headers["accept-encoding"]) : "identity";
  const [status, etag, body]: [number, string | undefined, Buffer | undefined] =
    answer.kind === "kept"
      ? [
          answer.status ?? answer.page.status,
          answer.cacheable === false ? undefined : answer.page.etag,
          answer.page.bodies[encoding],
        ]
      : answer.kind === "stream"
        ? [answer.status, answer.status === 200 || answer.status === 404 ? answer.etag : undefined, undefined]
        : answer.kind === "busy"
          ? [503, undefined, busyPage]
          : [500, undefined, answer.error === undefined ? failedPage : developmentErrorPage(answer.error)];
  // Only a page the same for everyone may be stored; an error page or a form's answer, nowhere.
  head.push("Content-Type", HTML, "Cache-Control", etag ? cacheControl : "no-store");
  if (etag) head.push("ETag", etag);
  if (page) head.push("Vary", "Accept-Encoding");
  if (body) head.push("Content-Length", String(body.length));
  if (encoding !== "identity") head.push("Content-Encoding", encoding);
  res.writeHead(status, head);
  if (answer.kind !== "stream") return void res.end(isHead ? undefined : body);
  if (isHead) {
    res.end();
    return answer.stream.abort();
  }
  if (encoding === "identity") return void answer.stream.pipe(res);
  // React flushes its destination after each chunk when it can: zlib streams can.
  const zip = compressor(encoding);
  zip.on("error", () => res.destroy());
  zip.pipe(res);
  answer.stream.pipe(zip);
}
