// Which link each page of the click-through test clicks (test/e2e/click-through.test.ts).
import type { Page } from "playwright-core";

export interface Click {
  scope: string;
  href: string;
  /** Runs before the click (a jump to the bottom). */
  prepare?: (page: Page) => Promise<void>;
}

/** Where a link leads, as the address bar shows it. */
export function destination(from: string, href: string): URL {
  return new URL(href, new URL(from, "http://site"));
}

/**
 * Which links each page clicks. The header and footer are one component on every page, so the
 * same link (same scope, same destination) is clicked from the page it leads to, where it is a
 * jump within the page, and from one other page, where it is a navigation; never from all eight.
 * The other page is the one with the fewest clicks planned so far, so every page is a source for
 * a share of the layout's links. A link only one page has (the page's own content) is always
 * clicked. This keeps every distinct link and both ways of following it at about half the clicks.
 */
export function planClicks(linksBySource: Map<string, Click[]>): Map<string, Click[]> {
  const sourcesOf = new Map<string, { click: Click; sources: string[] }>();
  for (const [source, clicks] of linksBySource) {
    for (const click of clicks) {
      const key = `${click.scope} ${click.href} ${destination(source, click.href).href}`;
      const entry = sourcesOf.get(key) ?? { click, sources: [] };
      entry.sources.push(source);
      sourcesOf.set(key, entry);
    }
  }
  const plan = new Map([...linksBySource.keys()].map((source) => [source, [] as Click[]]));
  for (const { click, sources } of sourcesOf.values()) {
    const target = destination(sources[0]!, click.href).pathname;
    const own = sources.filter((source) => source === target);
    const others = sources.filter((source) => source !== target);
    const other = others.reduce<string | undefined>(
      (best, source) => (best === undefined || plan.get(source)!.length < plan.get(best)!.length ? source : best),
      undefined,
    );
    for (const source of [...own, ...(other === undefined ? [] : [other])]) plan.get(source)!.push(click);
  }
  return plan;
}
