import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { aboutPage, advancedTech, certificate } from "../../shared/data/about.ts";
import { agentCategories, emptyCategoryMessage } from "../../shared/data/agentCategories.ts";
import { categoryAgents } from "../../shared/data/categoryAgents.ts";
import { industries } from "../../shared/data/industries.ts";
import { privacyPolicy } from "../../shared/data/privacyPolicy.ts";
import { companyServices, serviceList } from "../../shared/data/services.ts";
import { termsAndConditions } from "../../shared/data/termsAndConditions.ts";
import { whyChooseUs } from "../../shared/data/whyChooseUs.ts";
import { newPage, viewports, waitForHydration } from "../../scripts/harness/browser.ts";
import { browserAndServer, keptPage } from "../helpers/e2e.ts";
import { industryFrames, serviceFrames } from "../helpers/art-frames.ts";

const e2e = browserAndServer();

const sizes = [viewports.mobile, viewports.desktop];

/** One page for the tests with JavaScript: each loads its route afresh (test/helpers/e2e.ts). */
const take = keptPage(e2e, { reducedMotion: "reduce" });

async function open(path: string, viewport: { width: number; height: number }) {
  const { page, problems } = await take(viewport);
  await page.goto(e2e.server.url + path);
  await waitForHydration(page);
  return { page, problems };
}

async function selectedTabs(tablist: Locator): Promise<string[]> {
  return tablist.locator('[role="tab"][aria-selected="true"]').allTextContents();
}

async function visiblePanels(page: Page, tablist: Locator): Promise<number> {
  const ids = await tablist
    .locator('[role="tab"]')
    .evaluateAll((tabs) => tabs.map((t) => t.getAttribute("aria-controls")!));
  let visible = 0;
  for (const id of ids) if (await page.locator(`[id="${id}"]`).isVisible()) visible++;
  return visible;
}

describe("/service's services", () => {
  // One frame for every card at a given width, the one the drawings' text is sized for: round 12
  // found a lead tile and wide cards showing the same type at twice the size of their neighbours.
  it.each(Object.entries(serviceFrames).map(([width, frame]) => [Number(width), frame] as const))(
    "frame all eight pictures at one width at %i px: %i px",
    async (width, frame) => {
      const { page, problems } = await open("/service", { width, height: 900 });
      const boxes = await page.locator(".service-card__img").evaluateAll((imgs) =>
        Promise.all(
          imgs.map(async (img) => {
            const style = getComputedStyle(img);
            const box = img.getBoundingClientRect();
            // The picture shown: phones swap in a cut (content: url(...), inner.css).
            const shown = /url\("?([^")]+)"?\)/.exec(style.content)?.[1] ?? (img as HTMLImageElement).currentSrc;
            const drawing = new Image();
            drawing.src = shown;
            await drawing.decode();
            return {
              width: Math.round(box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)),
              height: box.height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
              drawn: drawing.naturalHeight / drawing.naturalWidth,
            };
          }),
        ),
      );
      expect(boxes.map((box) => box.width)).toEqual(companyServices.map(() => frame));
      // As tall as the drawing at that width, so it is shown at the width's scale, not shrunk to
      // a shorter frame's height (400 / 260 on the border box: 11.9 px labels for 12.3, issue 35).
      for (const box of boxes) expect(box.height).toBeGreaterThanOrEqual(box.width * box.drawn - 0.5);
      expect(problems).toEqual([]);
    },
  );
});

describe("industry pictures", () => {
  // The frames test/unit/page-art.test.ts sizes the pictures' text for: 333 px on phones, 363 px on tablets, 422 px
  // from 992 px, where the picture once ran 613 px wide and its labels 20 px and over.
  it.each([
    ["/service", 375, industryFrames.smallest],
    ["/service", 768, industryFrames.tablet],
    ["/Category", 768, industryFrames.tablet],
    ["/service", 1280, industryFrames.largest],
    ["/Category", 1280, industryFrames.largest],
  ] as const)("on %s at %i px are %i px wide", async (path, width, frame) => {
    const { page, problems } = await open(path, { width, height: 900 });
    const image = page.locator('.industries [role="tabpanel"][data-active] .industry__image');
    const shown = await image.evaluate((img) => {
      const style = getComputedStyle(img);
      const edges = ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"] as const;
      return img.getBoundingClientRect().width - edges.reduce((sum, edge) => sum + parseFloat(style[edge]), 0);
    });
    expect(Math.abs(shown - frame)).toBeLessThanOrEqual(1);
    expect(problems).toEqual([]);
  });
});

describe("industries tabs", () => {
  it.each(sizes.map((v) => [v.width, v] as const))(
    "move with the arrow keys, Home and End at %i px, exactly one active",
    async (_w, viewport) => {
      const { page, problems } = await open("/service", viewport);
      const tablist = page.getByRole("tablist", { name: "Industries" });
      const tab = (name: string) => tablist.getByRole("tab", { name, exact: true });
      expect(await selectedTabs(tablist)).toEqual(["Healthcare AI"]);
      expect(await visiblePanels(page, tablist)).toBe(1);

      await tab("Healthcare AI").focus();
      await page.keyboard.press("ArrowRight");
      expect(await selectedTabs(tablist)).toEqual(["Finance AI"]);
      expect(await tab("Finance AI").evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await tab("Finance AI").getAttribute("tabindex")).toBe("0");
      expect(await tab("Healthcare AI").getAttribute("tabindex")).toBe("-1");
      await expect
        .poll(() => page.getByRole("tabpanel", { name: "Finance AI" }).getByText(industries[1]!.desc1).isVisible())
        .toBe(true);
      expect(await page.getByText(industries[0]!.desc1).isVisible()).toBe(false);

      await page.keyboard.press("End");
      expect(await selectedTabs(tablist)).toEqual(["E-Commerce AI"]);
      await page.keyboard.press("ArrowRight");
      expect(await selectedTabs(tablist)).toEqual(["Healthcare AI"]);
      await page.keyboard.press("ArrowLeft");
      expect(await selectedTabs(tablist)).toEqual(["E-Commerce AI"]);
      await page.keyboard.press("Home");
      expect(await selectedTabs(tablist)).toEqual(["Healthcare AI"]);
      await tab("Education AI").click();
      expect(await selectedTabs(tablist)).toEqual(["Education AI"]);
      expect(await visiblePanels(page, tablist)).toBe(1);
      expect(problems).toEqual([]);
    },
  );
});

describe("category tabs", () => {
  it.each(sizes.map((v) => [v.width, v] as const))(
    "filter the cards and show the empty message at %i px",
    async (_w, viewport) => {
      const { page, problems } = await open("/Category", viewport);
      const tablist = page.getByRole("tablist", { name: "Agent categories" });
      expect(await tablist.getByRole("tab").allTextContents()).toEqual([...agentCategories]);
      expect(await selectedTabs(tablist)).toEqual(["Reactive Agents"]);

      const visibleCards = () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>(".agent-card")]
            .filter((c) => c.offsetParent !== null)
            .map((c) => c.querySelector("h3")!.textContent),
        );
      const namesOf = (category: string) => categoryAgents.filter((a) => a.category === category).map((a) => a.name);
      expect(await visibleCards()).toEqual(namesOf("Reactive Agents"));

      await tablist.getByRole("tab", { name: "Reactive Agents" }).focus();
      await page.keyboard.press("ArrowRight");
      expect(await selectedTabs(tablist)).toEqual(["Deliberative Agents"]);
      expect(await visibleCards()).toEqual(namesOf("Deliberative Agents"));
      expect(await visiblePanels(page, tablist)).toBe(1);

      await tablist.getByRole("tab", { name: "Expert Systems" }).click();
      expect(await selectedTabs(tablist)).toEqual(["Expert Systems"]);
      expect(await visibleCards()).toEqual([]);
      const panel = page.getByRole("tabpanel", { name: "Expert Systems" });
      expect(await panel.getByText(emptyCategoryMessage, { exact: true }).isVisible()).toBe(true);
      expect(problems).toEqual([]);
    },
  );
});

describe("agent slider", () => {
  it.each([
    [375, 1],
    [800, 2],
    [1100, 3],
  ])("shows the right cards per view at %i px and disables the ends", async (width, perView) => {
    const { page, problems } = await open("/Category", { width, height: 900 });
    const carousel = page.getByRole("region", { name: "Reactive Agents" });
    await carousel.scrollIntoViewIfNeeded();
    const inView = () =>
      carousel.evaluate((root) => {
        const box = root.querySelector(".carousel__track")!.getBoundingClientRect();
        return [...root.querySelectorAll(".carousel__slide")].filter((slide) => {
          const r = slide.getBoundingClientRect();
          return r.left >= box.left - 1 && r.right <= box.right + 1;
        }).length;
      });
    expect(await inView()).toBe(perView);
    const prev = carousel.getByRole("button", { name: "Previous" });
    const next = carousel.getByRole("button", { name: "Next" });
    expect(await prev.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(false);
    const total = categoryAgents.filter((a) => a.category === "Reactive Agents").length;
    for (let i = 0; i < total - perView; i++) await next.click();
    await expect.poll(() => next.isDisabled()).toBe(true);
    expect(await prev.isDisabled()).toBe(false);
    await expect.poll(inView).toBe(perView);
    expect(await carousel.locator(".carousel__dots").count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe("agent slider on resize", () => {
  it("re-lays out for the new width once the window stops changing", async () => {
    const { page, problems } = await open("/Category", { width: 1100, height: 900 });
    const carousel = page.getByRole("region", { name: "Reactive Agents" });
    await carousel.scrollIntoViewIfNeeded();
    const slideWidth = () =>
      carousel
        .locator(".carousel__slide")
        .first()
        .evaluate((el) => Math.round(el.getBoundingClientRect().width));
    const viewportWidth = () => carousel.locator(".carousel__track").evaluate((el) => el.clientWidth);
    // 3 per view with 24 px gaps, then 2 per view below 1024 px.
    expect(await slideWidth()).toBe(Math.round(((await viewportWidth()) - 2 * 24) / 3));
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(slideWidth).toBe(Math.round(((await viewportWidth()) - 24) / 2));
    expect(problems).toEqual([]);
  });
});

describe("terms accordion", () => {
  it.each(sizes.map((v) => [v.width, v] as const))(
    "opens one item at a time, by pointer and keyboard, at %i px",
    async (_w, viewport) => {
      const { page, problems } = await open("/TermsCondition", viewport);
      const items = page.locator("details.accordion__item");
      expect(await items.count()).toBe(13);
      const isOpen = (index: number) => items.nth(index).evaluate((el) => (el as HTMLDetailsElement).open);
      expect(await isOpen(0)).toBe(true);
      const eligibility = items.nth(1);
      const summary = eligibility.locator("summary");
      expect(await summary.getAttribute("aria-expanded")).toBeNull(); // the browser says it, from the open state
      expect(await eligibility.locator(".accordion__panel").isVisible()).toBe(false);
      await summary.click();
      expect(await isOpen(1)).toBe(true);
      expect(await isOpen(0)).toBe(false);
      expect(await eligibility.getByText("You must be at least 18 years old", { exact: false }).isVisible()).toBe(true);
      await summary.press("Enter");
      expect(await isOpen(1)).toBe(false);
      expect(await eligibility.locator(".accordion__panel").isVisible()).toBe(false);
      await page.locator("summary", { hasText: "12. Governing Law" }).click();
      expect(await page.getByText("[Jurisdiction to be confirmed]").first().isVisible()).toBe(true);
      expect(problems).toEqual([]);
    },
  );
});

describe("terms contents", () => {
  it.each(sizes.map((v) => [v.width, v] as const))(
    "a contents link, followed from the keyboard, opens its section and scrolls it under the header at %i px",
    async (_w, viewport) => {
      const { page, problems } = await open("/TermsCondition", viewport);
      const contents = page.getByRole("navigation", { name: "Contents" }).getByRole("link");
      expect(await contents.allTextContents()).toEqual(termsAndConditions.sections.map((s) => s.heading));
      const items = page.locator("details.accordion__item");
      const law = items.nth(11);
      const isOpen = (item: Locator) => item.evaluate((el) => (el as HTMLDetailsElement).open);
      expect(await isOpen(law)).toBe(false);
      await page.getByRole("link", { name: "12. Governing Law" }).press("Enter");
      await page.waitForURL("**/TermsCondition#terms-12");
      await expect.poll(() => isOpen(law)).toBe(true);
      expect(await isOpen(items.first())).toBe(false);
      expect(await law.getByText("[Jurisdiction to be confirmed]").first().isVisible()).toBe(true);
      // The section's top (its hairline, over its title) at the scroll padding, under the sticky header.
      await expect
        .poll(() =>
          law.evaluate((el) => {
            const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
            return Math.abs(Math.round(el.getBoundingClientRect().top - padding));
          }),
        )
        .toBeLessThanOrEqual(2);
      // Tab goes on from the section: its summary's next stop, not the rail's next link.
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest("#terms-12, details:has(#terms-12) ~ *"))),
      ).toBe(true);
      expect(problems).toEqual([]);
    },
  );
});

describe("anchor link", () => {
  it("scrolls to /Category#whychooseus after client-side navigation", async () => {
    const { page, problems } = await open("/main", viewports.desktop);
    await page.locator('footer a[href="/Category#whychooseus"]').click();
    await page.waitForURL("**/Category#whychooseus");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Category");
    // The link sits in the footer, so the smooth scroll comes from below the target and up to
    // it: wait until it rests at the scroll padding, just under the sticky header.
    const [padding, headerBottom] = await page.evaluate(() => [
      Math.round(parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)),
      Math.round(document.querySelector(".site-header")!.getBoundingClientRect().bottom),
    ]);
    expect(padding).toBeGreaterThan(headerBottom);
    expect(padding).toBeLessThan(headerBottom + 40);
    const top = () => page.locator("#whychooseus").evaluate((el) => Math.round(el.getBoundingClientRect().top));
    await expect.poll(top, { timeout: 5000 }).toBe(padding);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  });
});

describe("without JavaScript", () => {
  const pages: [string, string[]][] = [
    [
      "/main",
      [
        aboutPage.title,
        ...aboutPage.features.map((f) => f.title),
        certificate.title,
        "England and Wales",
        advancedTech.title,
        ...advancedTech.features.map((f) => f.title),
      ],
    ],
    [
      "/service",
      [
        ...companyServices.map((s) => s.title),
        ...serviceList.map((s) => s.desc),
        ...industries.flatMap((i) => [i.desc1, i.desc2]),
      ],
    ],
    [
      "/Category",
      [
        ...agentCategories,
        ...categoryAgents.map((a) => a.description),
        emptyCategoryMessage,
        whyChooseUs.title,
        ...whyChooseUs.points.map((p) => p.text),
        ...industries.map((i) => i.desc1),
      ],
    ],
    ["/Privacypolicy", ["17 June 2025", ...privacyPolicy.sections.flatMap((s) => [s.heading, ...s.paragraphs])]],
    [
      "/TermsCondition",
      ["17 June 2025", "31 July 2025", ...termsAndConditions.sections.flatMap((s) => [s.heading, ...s.paragraphs])],
    ],
  ];

  it.each(sizes.map((v) => [v.width, v] as const))(
    "every section of each page reads at %i px",
    async (_w, viewport) => {
      const { context, page } = await newPage(e2e.browser, viewport, { javaScriptEnabled: false });
      for (const [path, texts] of pages) {
        await page.goto(e2e.server.url + path);
        // Every expected text sits in a visible element (no collapsed tab or accordion panel).
        const hidden = await page.evaluate((wanted) => {
          const visible = (el: Element | null): boolean =>
            !!el &&
            (el as HTMLElement).offsetParent !== null &&
            getComputedStyle(el).visibility !== "hidden" &&
            Number(getComputedStyle(el).opacity) > 0;
          const nodes: Text[] = [];
          const walker = document.createTreeWalker(document.querySelector("main")!, NodeFilter.SHOW_TEXT);
          while (walker.nextNode()) nodes.push(walker.currentNode as Text);
          return wanted.filter(
            (text) =>
              !nodes.some(
                (n) =>
                  visible(n.parentElement) &&
                  (n.parentElement!.closest("p,h1,h2,h3,li,button,span,dd,strong,mark")?.textContent ?? "").includes(
                    text,
                  ),
              ),
          );
        }, texts);
        expect(hidden, path).toEqual([]);
      }
      await context.close();
    },
  );
});
