import { describe, expect, it } from "vitest";
import { firstScreenOf, usedCss } from "../../scripts/lib/usedCss.ts";

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
