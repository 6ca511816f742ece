import { createHash } from "node:crypto";
import postcss from "postcss";
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
  return screensOf(page)[0]!;
}

/**
 * The page cut at the start tag of each element marked `below-fold`: its first screen, then the
 * first screen and the next section, and so on, the last being the whole page.
 */
export function screensOf(page: string): string[] {
  const ends = [...page.matchAll(new RegExp(BELOW_FOLD.source, "gi"))].map((m) => m.index + m[0].length);
  return [...ends.map((end) => page.slice(0, end)), page];
}

export { PART_SEPARATOR } from "../../client/bootIds.ts";

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

/** Where a rule applies: the at-rules around it (e.g. `@media (min-width: 48rem)`). */
function contextOf(node: postcss.Node): string {
  const parts: string[] = [];
  for (let parent = node.parent; parent && parent.type !== "root"; parent = parent.parent)
    if (parent.type === "atrule")
      parts.unshift(`@${(parent as postcss.AtRule).name} ${(parent as postcss.AtRule).params}`);
  return parts.join(" ");
}

/** A declaration where it applies: at-rules, selector, property and value. */
const keyOf = (rule: postcss.Rule, d: postcss.Declaration) =>
  `${contextOf(rule)}|${rule.selector}|${d.prop}:${d.value}${d.important ? "!important" : ""}`;

/**
 * The declarations of `css` that `already` does not hold (same at-rules, same selector, same
 * declaration): what a page that inlined `already` still needs. Applying only these later
 * restyles only the elements they name, where the whole stylesheet (with its `*`, `body` and
 * custom properties) would restyle the whole page.
 */
export function rulesNotIn(css: string, already: string): string {
  const held = new Set<string>();
  postcss.parse(already).walkDecls((d) => {
    if (d.parent?.type === "rule") held.add(keyOf(d.parent, d));
  });
  const rest = postcss.parse(css);
  rest.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return;
    rule.each((node) => {
      if (node.type === "decl" && held.has(keyOf(rule, node))) node.remove();
    });
    if (rule.nodes.length === 0) rule.remove();
  });
  // @keyframes the first part already defines, and at-rules left empty.
  const keyframes = new Set<string>();
  postcss.parse(already).walkAtRules(/keyframes$/i, (at) => void keyframes.add(at.params));
  rest.walkAtRules((at) => {
    if (/keyframes$/i.test(at.name) ? keyframes.has(at.params) : at.nodes !== undefined && at.nodes.length === 0)
      at.remove();
  });
  return rest.toString().trim();
}

/**
 * Moves the custom properties `rest` sets on :root (outside any at-rule) into `first`: a new
 * property on the root is inherited by every element, so applying it later would restyle the
 * whole page, which is what splitting the rules avoids. They are a few bytes.
 */
export function withRootVariablesFirst(first: string, rest: string): { first: string; rest: string } {
  const later = postcss.parse(rest);
  const moved: string[] = [];
  later.each((node) => {
    if (node.type !== "rule" || node.selector !== ":root") return;
    node.each((d) => {
      if (d.type === "decl" && d.prop.startsWith("--")) {
        moved.push(d.toString());
        d.remove();
      }
    });
    if (node.nodes.length === 0) node.remove();
  });
  if (moved.length === 0) return { first, rest };
  return { first: `${first}:root{${moved.join(";")}}`, rest: later.toString().trim() };
}
