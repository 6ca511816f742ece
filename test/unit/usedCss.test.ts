import { describe, expect, it } from "vitest";
import { firstScreenOf, rulesNotIn, screensOf, usedCss, withRootVariablesFirst } from "../../scripts/lib/usedCss.ts";

describe("firstScreenOf", () => {
  const page = [
    '<html><head><style>.x{}</style></head><body><main><section class="hero">Hi</section>',
    '<section id="later" class="section below-fold tall"><p class="deep">Below</p></section>',
    '<section class="section below-fold"><p class="deeper">More</p></section></main>',
    '<footer class="site-footer">Foot</footer></body></html>',
  ].join("");

  it("keeps the page up to and with the start tag of the first section marked below-fold", () => {
    const first = firstScreenOf(page);
    expect(first.endsWith('<section id="later" class="section below-fold tall">')).toBe(true);
    expect(first).toContain('<section class="hero">Hi</section>');
    expect(first).not.toContain("deep");
    expect(first).not.toContain("site-footer");
  });

  it("keeps a page without such a section whole", () => {
    const whole = page.replaceAll("below-fold", "below");
    expect(firstScreenOf(whole)).toBe(whole);
  });

  it("does not take a class that only contains the word for the marker", () => {
    const lookalike = '<div class="not-below-fold">x</div><div class="below-folded">y</div>';
    expect(firstScreenOf(lookalike)).toBe(lookalike);
  });
});

describe("usedCss", () => {
  it("keeps the rules the pages use and drops rules left empty", async () => {
    const css =
      ":root{--used: red;--unused: blue}.hero{color:var(--used)}.gone{color:blue}@media (min-width: 1px){.hero{margin:0}}:root{--other: 1px}";
    const used = await usedCss(css, ['<section class="hero"></section>']);
    expect(used).toContain(".hero{color:var(--used)}");
    expect(used).toContain("--used");
    expect(used).toContain("@media (min-width: 1px){.hero{margin:0}}");
    expect(used).not.toContain("gone");
    expect(used).not.toContain("--unused");
    expect(used).not.toMatch(/\{\s*\}/);
  });
});

describe("screensOf", () => {
  it("cuts the page after each start tag marked below-fold, the last part being the whole page", () => {
    const page = '<p>a</p><section class="below-fold">b</section><section class="x below-fold">c</section>';
    const screens = screensOf(page);
    expect(screens).toEqual([
      '<p>a</p><section class="below-fold">',
      '<p>a</p><section class="below-fold">b</section><section class="x below-fold">',
      page,
    ]);
  });
});

describe("rulesNotIn", () => {
  it("keeps only the declarations the first rules do not hold, in the same at-rules", () => {
    const first = ".a{color:red}@media (min-width:1px){.b{margin:0}}";
    const all =
      ".a{color:red;padding:1px}.c{top:0}@media (min-width:1px){.b{margin:0}.d{left:0}}@media print{.b{margin:0}}";
    expect(rulesNotIn(all, first).replace(/\s+/g, "")).toBe(
      ".a{padding:1px}.c{top:0}@media(min-width:1px){.d{left:0}}@mediaprint{.b{margin:0}}",
    );
  });

  it("drops @keyframes the first rules define already", () => {
    const first = "@keyframes spin{to{rotate:1turn}}";
    expect(rulesNotIn(`${first}@keyframes fade{to{opacity:0}}`, first).replace(/\s+/g, "")).toBe(
      "@keyframesfade{to{opacity:0}}",
    );
  });
});

describe("withRootVariablesFirst", () => {
  it("moves the custom properties later rules set on :root into the first rules", () => {
    const { first, rest } = withRootVariablesFirst(".a{color:red}", ":root{--x: 1px;color:red}.b{top:var(--x)}");
    expect(first).toBe(".a{color:red}:root{--x: 1px}");
    expect(rest.replace(/\s+/g, "")).toBe(":root{color:red}.b{top:var(--x)}");
  });
});
