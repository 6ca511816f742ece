import { describe, expect, it } from "vitest";
import { siteRoutes } from "../../shared/site.ts";
import { newPage, viewports, waitForHydration, watchConsole } from "../../scripts/harness/browser.ts";
import { browserAndServer } from "../helpers/e2e.ts";

const e2e = browserAndServer();

/**
 * Every rendered link and button, and what a visitor in forced colours sees of it: its text, a
 * picture, or an edge (a border or an outline, which the browser draws in a system colour). A
 * background or a shadow alone is dropped in this mode (client/styles/forced-colors.css).
 */
function invisibleControls() {
  const edge = (style: CSSStyleDeclaration) =>
    (["Top", "Right", "Bottom", "Left"] as const).some(
      (side) =>
        parseFloat(style[`border${side}Width`]) >= 1 &&
        style[`border${side}Style`] !== "none" &&
        style[`border${side}Color`] !== style.backgroundColor,
    ) ||
    (parseFloat(style.outlineWidth) >= 1 && style.outlineStyle !== "none");
  const hasText = (el: HTMLElement) => {
    const text = el.innerText.trim();
    return text.length > 0 && getComputedStyle(el).color !== "rgba(0, 0, 0, 0)";
  };
  const hasPicture = (el: Element) =>
    [...el.querySelectorAll("img")].some((img) => img.getBoundingClientRect().width > 8 && img.complete);
  return (
    [...document.querySelectorAll<HTMLElement>("a[href], button")]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return (
          box.width > 1 && box.height > 1 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true })
        );
      })
      // A carousel dot draws its dot on ::before.
      .filter(
        (el) =>
          !(hasText(el) || hasPicture(el) || edge(getComputedStyle(el)) || edge(getComputedStyle(el, "::before"))),
      )
      .map((el) => el.outerHTML.slice(0, 120))
  );
}

/** Icon-only controls (no text): each needs an edge to be seen as a control at all. */
function iconControlsWithoutEdge() {
  return [...document.querySelectorAll<HTMLElement>("button, a[href]")]
    .filter((el) => el.checkVisibility() && el.innerText.trim() === "" && el.getBoundingClientRect().width > 1)
    .filter((el) => {
      const bordered = (s: CSSStyleDeclaration) => parseFloat(s.borderTopWidth) >= 1 && s.borderTopStyle !== "none";
      return !bordered(getComputedStyle(el)) && !bordered(getComputedStyle(el, "::before")) && !el.querySelector("img");
    })
    .map((el) => el.outerHTML.slice(0, 120));
}

describe("forced colours (forcedColors: active)", () => {
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    it(`every button and link has a visible box or text on every route at ${viewport.width} px`, async () => {
      const { context, page } = await newPage(e2e.browser, viewport, { forcedColors: "active" });
      const problems = watchConsole(page);
      for (const route of siteRoutes) {
        await page.goto(e2e.server.url + route.path);
        expect(await page.evaluate(() => matchMedia("(forced-colors: active)").matches)).toBe(true);
        await waitForHydration(page);
        expect(await page.evaluate(invisibleControls), route.path).toEqual([]);
        expect(await page.evaluate(iconControlsWithoutEdge), route.path).toEqual([]);
      }
      await context.close();
      expect(problems).toEqual([]);
    });
  }

  it("keeps the active tab, card edges and the focus ring visible", async () => {
    const { context, page } = await newPage(e2e.browser, viewports.desktop, { forcedColors: "active" });
    await page.goto(e2e.server.url + "/service");
    await waitForHydration(page);
    const tabs = await page.getByRole("tab").evaluateAll((els) =>
      els.map((el) => {
        const s = getComputedStyle(el);
        return { selected: el.getAttribute("aria-selected") === "true", bg: s.backgroundColor, fg: s.color };
      }),
    );
    const selected = tabs.find((t) => t.selected)!;
    const other = tabs.find((t) => !t.selected)!;
    // The active tab is filled with the system's highlight, its neighbours are not.
    expect(selected.bg).not.toBe(other.bg);
    expect(selected.fg).not.toBe(selected.bg);

    await page.goto(e2e.server.url + "/Category");
    await waitForHydration(page);
    const cards = await page.locator(".agent-card").evaluateAll((els) =>
      els.map((el) => {
        const s = getComputedStyle(el);
        return parseFloat(s.borderTopWidth) >= 1 || (parseFloat(s.outlineWidth) >= 1 && s.outlineStyle !== "none");
      }),
    );
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every(Boolean)).toBe(true);

    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    const ring = await page.evaluate(() => {
      const s = getComputedStyle(document.activeElement!);
      return { width: parseFloat(s.outlineWidth), style: s.outlineStyle };
    });
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(ring.style).not.toBe("none");
    await context.close();
  });
});
