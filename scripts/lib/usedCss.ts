import { createHash } from "node:crypto";
import { PurgeCSS } from "purgecss";

/** A stylesheet as a page inlines it, with the hash the Content-Security-Policy allows it by. */
export interface InlineStyle {
  css: string;
  hash: string;
}

export function inlineStyleOf(css: string, source = "the stylesheet"): InlineStyle {
  const text = css.trim();
  if (/<\/style/i.test(text)) throw new Error(`${source} cannot be inlined: it contains "</style"`);
  return { css: text, hash: `sha256-${createHash("sha256").update(text).digest("base64")}` };
}

/** The start tag of the first element marked as below the first screen (the home page's later sections). */
const BELOW_FOLD = /<[a-z][^>]*\sclass="(?:[^"]*\s)?below-fold[\s"][^>]*>/i;

/**
 * What a page can show before anything is scrolled: its HTML up to the start tag of the first
 * element marked `below-fold` (what follows it is further down still; nothing the server renders
 * is fixed to the viewport), or all of it. A page inlines only those rules, so that its HTML and
 * its rules fit in the first round trip (test/server/first-round-trip.test.ts); the rest come
 * with the whole stylesheet after the first paint, before a visitor scrolls there
 * (client/entry.client.tsx).
 */
export function firstScreenOf(page: string): string {
  const match = BELOW_FOLD.exec(page);
  return match ? page.slice(0, match.index + match[0].length) : page;
}

const STYLE_ELEMENT = /<style\b[^>]*>[\s\S]*?<\/style>/gi;

/**
 * What the page's scripts add to any page after it is served: the back-to-top button, revealed
 * elements, the contact form's sending and error states. Their rules are inlined with the page's
 * own, so that only another route (or a toast) needs the whole stylesheet (client/stylesheets.ts).
 * test/server/script-states.test.ts fails when a state is missing here.
 */
export const SCRIPT_STATES = `<html class="js" data-hydrated="true">
<button class="scroll-top" data-visible><svg class="scroll-top__ring"><circle class="scroll-top__track"/><circle class="scroll-top__progress"/></svg></button>
<div class="is-visible"></div>
<p class="contact-form__status--error contact-form__status--success"></p><a class="button" aria-disabled="true"></a>`;

/**
 * The colour scheme a visitor chose, which the page's inline script sets on <html> before the
 * first paint (client/colorScheme.ts): its rules are part of every first screen.
 */
export const SCHEME_STATES = `<html data-scheme="light"></html><html data-scheme="dark"></html>`;
const VARIABLE_USE = /var\(\s*(--[\w-]+)/g;

/**
 * The rules of `css` that can apply to the given pages' HTML: a rule stays when every class, id,
 * element and attribute its selector names occurs in some page (PurgeCSS, which reads tokens and
 * so keeps :hover, :focus-visible and media variants of what is there). Unused @keyframes and
 * custom properties go too, except properties the HTML itself reads (the logo's gradient stops
 * take var(--accent)). What a script adds later is not in the server's HTML: pass SCRIPT_STATES
 * with the pages for its rules.
 */
export async function usedCss(css: string, pages: readonly string[]): Promise<string> {
  const html = pages.map((page) => page.replace(STYLE_ELEMENT, ""));
  const readByHtml = new Set(html.flatMap((page) => [...page.matchAll(VARIABLE_USE)].map((m) => m[1]!)));
  const [result] = await new PurgeCSS().purge({
    content: html.map((raw) => ({ raw, extension: "html" })),
    css: [{ raw: css }],
    fontFace: false,
    keyframes: true,
    variables: true,
    safelist: { variables: [...readByHtml] },
  });
  if (!result) throw new Error("PurgeCSS returned no stylesheet");
  // Rules left with no declarations (a :root whose custom properties all went) are bytes for nothing.
  return result.css.replace(/(?<=^|[{}])[^{}@]+\{\s*\}/g, "").trim();
}
