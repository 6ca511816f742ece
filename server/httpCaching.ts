import { createHash } from "node:crypto";
import Negotiator from "negotiator";

/**
 * HTML is revalidated by browsers (max-age=0 + ETag, a 304 costs a few hundred bytes) while a
 * CDN may keep it for five minutes: pages change only with a deploy. Past that, a cache may
 * serve the page it has for another minute while it fetches a fresh one (stale-while-revalidate)
 * and for a day while every origin fails (stale-if-error): a release or an outage never shows a
 * visitor an error where a page was. (must-revalidate would forbid both.)
 */
export const htmlCacheControl = (sharedSeconds: number, staleSeconds: number): string =>
  `public, max-age=0, s-maxage=${sharedSeconds}, stale-while-revalidate=${staleSeconds}, stale-if-error=86400`;

/**
 * A page's HTML is a function of the build, the public config and the URL (pages are static
 * data), so its validator can be computed before rendering: a streamed page gets the same
 * ETag as the cached bytes of the same URL, and a matching If-None-Match needs no render.
 * Weak, because the br, gzip and identity bodies are equivalent but not byte-equal.
 */
export function pageEtag(buildId: string, configKey: string, url: string): string {
  const hash = createHash("sha1").update([buildId, configKey, url].join("\0")).digest("base64url");
  return `W/"${hash.slice(0, 27)}"`;
}

/**
 * If-None-Match uses the weak comparison (RFC 9110 13.1.2): the W/ prefix is ignored. `*` is
 * not a tag: server/pageWriter.ts answers it, knowing whether the URL is a page or a 404.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}

export type PageEncoding = "br" | "gzip" | "identity";

/** One page as it goes on the wire: the same HTML in each encoding, with its validator. */
export interface CachedPage {
  status: number;
  etag: string;
  bodies: Record<PageEncoding, Buffer>;
  /** Its security headers: the CSP allows the page's own inline style by hash. */
  security: readonly string[];
}

const AVAILABLE: PageEncoding[] = ["br", "gzip", "identity"];
const chosen = new Map<string, PageEncoding>();

/**
 * The encoding a client gets, as the compression middleware would choose it (q-values count,
 * ties go to br then gzip). Remembered per header value: browsers send a handful of them.
 */
export function chooseEncoding(acceptEncoding: string | undefined): PageEncoding {
  if (acceptEncoding === undefined) return "identity";
  const known = chosen.get(acceptEncoding);
  if (known) return known;
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
  // The typings omit negotiator's second parameter (server preference among equal q-values).
  const encodings = negotiator.encodings.bind(negotiator) as (available: string[], preferred: string[]) => string[];
  const encoding = (encodings(AVAILABLE, ["br", "gzip"])[0] ?? "identity") as PageEncoding;
  if (chosen.size > 256) chosen.clear(); // bounded: the header is client-controlled
  chosen.set(acceptEncoding, encoding);
  return encoding;
}
