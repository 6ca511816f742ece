import { describe, expect, it } from "vitest";
import { siteRoutes } from "../../shared/site.ts";
import { viewports, waitForHydration } from "../../scripts/harness/browser.ts";
import { browserAndServer, keptPage } from "../helpers/e2e.ts";

const e2e = browserAndServer();
/** One page for every test: each loads its route afresh (test/helpers/e2e.ts). */
const take = keptPage(e2e);

/** What a printed page shows, read in the page (client/styles/print.css). */
function printedPage() {
  const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const luminance = (colour: string) => {
    // Computed colours are rgb()/rgba(), or color(srgb …) for mixed ones.
    const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
    const scale = colour.startsWith("color(") ? 1 : 255;
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / scale;
  };
  const chrome = [".skip-link", ".site-header", ".site-footer", ".scroll-top", "[popover]"].flatMap((s) =>
    [...document.querySelectorAll(s)].filter(shown).map(() => s),
  );
  const fixed = [...document.querySelectorAll("body *")]
    .filter((el) => ["fixed", "sticky"].includes(getComputedStyle(el).position) && shown(el))
    .map((el) => el.className || el.tagName);
  const lightText = [...document.querySelectorAll("main *")]
    .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim()) && shown(el))
    .filter((el) => luminance(getComputedStyle(el).color) > 0.25)
    .map((el) => `${el.tagName}.${el.className}: ${getComputedStyle(el).color}`);
  const closedPanels = [...document.querySelectorAll(".accordion__panel, [role=tabpanel]")]
    .filter((el) => !shown(el))
    .map((el) => el.id || el.className);
  return {
    background: luminance(getComputedStyle(document.body).backgroundColor),
    htmlBackground: luminance(getComputedStyle(document.documentElement).backgroundColor),
    chrome,
    fixed,
    lightText: lightText.slice(0, 5),
    closedPanels,
    panels: document.querySelectorAll(".accordion__panel, [role=tabpanel]").length,
  };
}

describe("print (emulateMedia print)", () => {
  it.each(siteRoutes.map((r) => [r.path] as const))(
    "%s prints as a document: no header, footer or fixed control, dark text on white, every panel open",
    async (path) => {
      const { page, problems } = await take(viewports.desktop);
      await page.emulateMedia({ media: "print" });
      await page.goto(e2e.server.url + path);
      // Before and after hydration: the printed page is the same.
      for (const hydrated of [false, true]) {
        if (hydrated) await waitForHydration(page);
        const printed = await page.evaluate(printedPage);
        expect(printed.chrome, `${path} hydrated=${hydrated}`).toEqual([]);
        expect(printed.fixed).toEqual([]);
        expect(printed.background).toBeGreaterThan(0.95);
        expect(printed.htmlBackground).toBeGreaterThan(0.95);
        expect(printed.lightText).toEqual([]);
        expect(printed.closedPanels).toEqual([]);
      }
      expect(problems).toEqual([]);
    },
  );

  it("opens every item of the terms' exclusive accordion and every tab panel", async () => {
    const { page } = await take(viewports.desktop);
    await page.emulateMedia({ media: "print" });
    await page.goto(e2e.server.url + "/TermsCondition");
    const panels = page.locator(".accordion__panel");
    expect(await panels.count()).toBeGreaterThan(5);
    for (const panel of await panels.all()) expect(await panel.isVisible()).toBe(true);
    await page.goto(e2e.server.url + "/service");
    const tabs = page.locator("[role=tabpanel]");
    expect(await tabs.count()).toBeGreaterThan(1);
    for (const panel of await tabs.all()) expect(await panel.isVisible()).toBe(true);
  });

  it.each(["/Privacypolicy", "/TermsCondition"])("writes the URL after each link of %s", async (path) => {
    const { page } = await take(viewports.desktop);
    await page.emulateMedia({ media: "print" });
    await page.goto(e2e.server.url + path);
    // The address printed is the public one (SITE_URL, as the canonical link says), not the test server's.
    const links = await page.locator("main a[href]:not([href^='#'])").evaluateAll((anchors) => {
      const canonical = document.querySelector<HTMLLinkElement>("link[rel=canonical]")!.href;
      return anchors
        .filter((a) => a.checkVisibility())
        .map((a) => ({
          href: new URL(a.getAttribute("href")!, canonical).href,
          after: getComputedStyle(a, "::after").content,
        }));
    });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.after).toContain(link.href);
  });
});
