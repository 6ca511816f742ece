// The not-found page's suggestion: the page of the route table an unknown path most likely meant
// (`/categroy` → /Category, `/contact-us` → /Contact, `/about` → /main). Cheap and bounded, since the
// server runs it for every unknown URL (server/frontDoor.ts) to pick one of the kept not-found pages,
// and the browser runs it again when it hydrates that page (client/pages/NotFoundPage.tsx).
import { siteRoutes, type SiteRoute } from "./site.ts";

/** Paths longer than this (once reduced to letters and digits) get no suggestion: nothing is compared. */
const MAX_LENGTH = 40;

/** Letters and digits only, lower case, percent-escapes decoded first (`/Contact-Us%20` → `contactus`). */
function reduce(text: string): string {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // A malformed escape: the raw text, reduced the same way.
  }
  return decoded.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** Each route's names: its path, its label and its id, reduced (`/Privacypolicy`, "Privacy Policy", privacy). */
const names: readonly (readonly [SiteRoute, string])[] = siteRoutes.flatMap((route) =>
  [...new Set([reduce(route.path), reduce(route.label), route.id])]
    .filter((name) => name.length > 0)
    .map((name) => [route, name] as const),
);

/** The three rows distance() works in, made once: the server runs it for every unknown URL. */
const width = Math.max(...names.map(([, name]) => name.length)) + 1;
const rows = [new Int32Array(width), new Int32Array(width), new Int32Array(width)] as const;

/**
 * Edits (insert, delete, substitute, swap two neighbours) from a to b, one of the route names;
 * stops counting past `limit`.
 */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let [before, previous, row] = rows;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row[j] = d;
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    const oldest = before;
    before = previous;
    previous = row;
    row = oldest;
  }
  return previous[b.length]!;
}

/** How far `wanted` is from one of a route's names, or undefined when too far to suggest it. */
function closeness(wanted: string, name: string): number | undefined {
  if (wanted === name) return 0;
  // A name cut short (`/priv`) or with a word added (`/contact-us`, `/homepage`).
  if (Math.min(wanted.length, name.length) >= 4 && (name.startsWith(wanted) || wanted.startsWith(name)))
    return wanted.length <= name.length * 2 ? 1 : undefined;
  const limit = Math.max(1, Math.floor(name.length / 4));
  const d = distance(wanted, name, limit);
  return d <= limit ? d : undefined;
}

/** The route an unknown path most likely meant, or undefined. The first in table order wins a tie. */
export function suggestRoute(pathname: string): SiteRoute | undefined {
  const wanted = reduce(pathname);
  if (wanted.length === 0 || wanted.length > MAX_LENGTH) return undefined;
  let found: SiteRoute | undefined;
  let nearest = Infinity;
  for (const [route, name] of names) {
    const d = closeness(wanted, name);
    if (d !== undefined && d < nearest) [found, nearest] = [route, d];
  }
  return found;
}

/**
 * A path that is no page and suggests `route`: what the server renders to keep the not-found page
 * that suggests it (server/renderCache.ts). `test/unit/suggest.test.ts` checks each one.
 */
export function suggestionProbe(route: SiteRoute): string {
  return `/${route.id}-`;
}
