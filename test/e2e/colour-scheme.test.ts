// The colour scheme switch (client/colorScheme.ts, client/components/SchemeSwitch.tsx): it answers
// a tap before any of the page's script has loaded, remembers the choice, and a reload paints its
// first frame in the chosen scheme. Contrast in each scheme is axe's, in test/e2e/a11y.test.ts.
import { describe, expect, it } from "vitest";
import type { Page, Route } from "playwright-core";
import { newPage, viewports, waitForHydration, watchConsole } from "../../scripts/harness/browser.ts";
import { SCHEME_STORAGE_KEY } from "../../client/colorScheme.ts";
import { browserAndServer } from "../helpers/e2e.ts";

const e2e = browserAndServer();

type Scheme = "light" | "dark";
const other = (scheme: Scheme): Scheme => (scheme === "dark" ? "light" : "dark");

/** What the page shows: the scheme on <html>, the luminance of the body's ground, the switch's state. */
const shown = (page: Page) =>
  page.evaluate(() => {
    // Any colour syntax (computed mixes are oklab()) to sRGB, as a canvas paints it.
    const context = document.createElement("canvas").getContext("2d")!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return {
      scheme: getComputedStyle(document.documentElement).colorScheme,
      groundLuminance: Math.round(((0.2126 * r + 0.7152 * g + 0.0722 * b) / 255) * 100) / 100,
      checked: document.querySelector("[data-scheme-switch]")?.getAttribute("aria-checked"),
    };
  });

/**
 * Recorded in the page from its very start (an init script runs before any of the page's own):
 * the scheme at each of the first frames. A requestAnimationFrame callback runs in every frame the
 * browser renders, just before it paints, so the first record is what the first painted frame
 * shows (a body not parsed yet paints the canvas, in the root's scheme).
 */
function recordFrames() {
  const frames: Array<{ at: number; scheme: string; ground: string | null }> = [];
  (window as unknown as { schemeFrames: typeof frames }).schemeFrames = frames;
  const record = (at: number) => {
    const root = document.documentElement;
    frames.push({
      at,
      scheme: root ? getComputedStyle(root).colorScheme : "no root",
      ground: document.body ? getComputedStyle(document.body).backgroundColor : null,
    });
    if (frames.length < 40) requestAnimationFrame(record);
  };
  requestAnimationFrame(record);
}

const firstPaint = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => performance.getEntriesByName("first-paint")[0]?.startTime ?? -1))
    .toBeGreaterThan(0);

describe("the colour scheme switch", () => {
  for (const system of ["dark", "light"] as const)
    it(`under a system that prefers ${system}: a tap before any script picks ${other(system)}, kept across a reload from the first painted frame`, async () => {
      const chosen = other(system);
      const { context, page } = await newPage(e2e.browser, viewports.mobile, { colorScheme: system });
      const problems = watchConsole(page);
      // Every script of ours held back, the entry included: only the inline one in <head> runs.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/assets/*.js", async (route: Route) => {
        await held;
        await route.continue();
      });
      await page.goto(e2e.server.url + "/", { waitUntil: "commit" });
      await firstPaint(page);
      expect(await shown(page)).toMatchObject({ scheme: system });

      await page.getByRole("switch", { name: "Dark mode" }).click();
      // The switch turns in the tap's frame; the page takes the scheme in the frame after.
      await expect.poll(() => shown(page)).toMatchObject({ scheme: chosen, checked: String(chosen === "dark") });
      expect(await page.evaluate((key) => localStorage.getItem(key), SCHEME_STORAGE_KEY)).toBe(chosen);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      const ground = (await shown(page)).groundLuminance;
      if (chosen === "light") expect(ground).toBeGreaterThan(0.85);
      else expect(ground).toBeLessThan(0.1);

      // React arrives and renders the same state; the switch still answers, and the choice stays.
      release();
      await waitForHydration(page);
      expect(await shown(page)).toMatchObject({ scheme: chosen, checked: String(chosen === "dark") });

      // A reload: every frame, from the first, shows the chosen scheme.
      await page.unroute("**/assets/*.js");
      await page.addInitScript(recordFrames);
      await page.reload();
      await firstPaint(page);
      const frames = await page.evaluate(
        () =>
          (window as unknown as { schemeFrames: Array<{ at: number; scheme: string; ground: string | null }> })
            .schemeFrames,
      );
      const paintedAt = await page.evaluate(() => performance.getEntriesByName("first-paint")[0]!.startTime);
      expect(frames.length).toBeGreaterThan(0);
      // The first record is from the frame that painted first (or earlier), not a later one.
      expect(frames[0]!.at).toBeLessThanOrEqual(paintedAt);
      expect(frames.map((f) => f.scheme)).toEqual(frames.map(() => chosen));
      // Whatever body there was in those frames had the chosen scheme's ground.
      const grounds = new Set(frames.flatMap((f) => (f.ground ? [f.ground] : [])));
      expect(grounds.size).toBeLessThanOrEqual(1);
      await waitForHydration(page);
      expect(await shown(page)).toMatchObject({ scheme: chosen, checked: String(chosen === "dark") });

      // Back to the system's scheme with a second tap, hydrated this time; another route keeps it.
      await page.getByRole("switch", { name: "Dark mode" }).click();
      await expect.poll(() => shown(page)).toMatchObject({ scheme: system, checked: String(system === "dark") });
      await page.goto(e2e.server.url + "/Contact");
      expect(await shown(page)).toMatchObject({ scheme: system });
      await context.close();
      expect(problems).toEqual([]);
    });

  it("is a labelled switch in the header at 375 and 1280 px, with a focus ring, on every kind of page", async () => {
    for (const viewport of [viewports.mobile, viewports.desktop]) {
      const { context, page } = await newPage(e2e.browser, viewport, { colorScheme: "dark" });
      for (const path of ["/", "/Category", "/no-such-page"]) {
        await page.goto(e2e.server.url + path);
        const control = page.getByRole("switch", { name: "Dark mode" });
        expect(await control.count()).toBe(1);
        const box = (await control.boundingBox())!;
        const header = (await page.locator(".site-header").boundingBox())!;
        expect(box.width).toBeGreaterThanOrEqual(44);
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
        await control.focus();
        const ring = await control.evaluate((el) => {
          const s = getComputedStyle(el);
          return el.matches(":focus-visible") ? parseFloat(s.outlineWidth) : -1;
        });
        // Focus from a script is not always :focus-visible; from the keyboard it is (keyboard-walk.test.ts).
        if (ring >= 0) expect(ring).toBeGreaterThanOrEqual(2);
      }
      await context.close();
    }
  });

  it("is not offered without JavaScript, where the system's preference decides", async () => {
    for (const system of ["light", "dark"] as const) {
      const { context, page } = await newPage(e2e.browser, viewports.desktop, {
        colorScheme: system,
        javaScriptEnabled: false,
      });
      await page.goto(e2e.server.url + "/main");
      // Nothing could remember a choice: the switch is hidden (client/styles/noscript.css).
      expect(await page.getByRole("switch", { name: "Dark mode" }).isVisible()).toBe(false);
      const { scheme, groundLuminance } = await shown(page);
      expect(scheme).toBe(system);
      if (system === "light") expect(groundLuminance).toBeGreaterThan(0.85);
      else expect(groundLuminance).toBeLessThan(0.1);
      await context.close();
    }
  });

  it("prints on white whichever scheme was chosen", async () => {
    const { context, page } = await newPage(e2e.browser, viewports.desktop, { colorScheme: "light" });
    await page.goto(e2e.server.url + "/Privacypolicy");
    await page.evaluate((key) => localStorage.setItem(key, "dark"), SCHEME_STORAGE_KEY);
    await page.emulateMedia({ media: "print" });
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.scheme)).toBe("dark");
    expect((await shown(page)).groundLuminance).toBeGreaterThan(0.95);
    await context.close();
  });
});
