import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { homeAgents } from "../../shared/data/agents.ts";
import { articles } from "../../shared/data/articles.ts";
import { consulting, hero, sectionTitles } from "../../shared/data/home.ts";
import { timings } from "../../shared/site.ts";
import { newPage, viewports, waitForHydration, watchConsole } from "../../scripts/harness/browser.ts";
import { browserAndServer } from "../helpers/e2e.ts";
import { HOME_SECTION_IDS, foldedAgents } from "../helpers/homeSections.ts";

const e2e = browserAndServer();

const sizes = [viewports.mobile, viewports.desktop] as const;
const interval = timings.autoplayIntervalMs;

async function openHome(page: Page): Promise<void> {
  await page.goto(e2e.server.url + "/");
  await waitForHydration(page);
}

/** The slide at the start of the track (the one in view), by its label ("2 of 4"). */
const activeSlide = (page: Page) =>
  page.locator("#ourclient .carousel__track").evaluate((track) => {
    const left = track.getBoundingClientRect().left;
    const slide = [...track.children].find((s) => Math.abs(s.getBoundingClientRect().left - left) < 2);
    return slide?.getAttribute("aria-label") ?? null;
  });

async function readyTestimonials(page: Page): Promise<void> {
  await page.locator("#ourclient").scrollIntoViewIfNeeded();
  await expect.poll(() => activeSlide(page)).toBe("1 of 4");
}

/**
 * Stops the page's clock (installed before it loaded): from here on its timers, animation frames
 * and performance.now() move only as the test moves them. A little ahead of the page's time, as
 * the page's clock runs on while the call travels.
 */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
}

/**
 * Stops the page's clock, so its timers run only as the test moves it (intervals are then exact,
 * whatever the machine's load), and records in page time each step the testimonials' autoplay
 * takes: a scroll of the track nobody asked for.
 */
async function pauseAndSpyAutoplay(page: Page): Promise<{ times: () => Promise<number[]> }> {
  await pauseClock(page);
  await page.locator("#ourclient .carousel__track").evaluate((track) => {
    const steps: number[] = [];
    (window as unknown as { autoplaySteps: number[] }).autoplaySteps = steps;
    const scrollTo = track.scrollTo.bind(track) as (options: ScrollToOptions) => void;
    track.scrollTo = ((options: ScrollToOptions) => {
      steps.push(performance.now());
      scrollTo(options);
    }) as HTMLElement["scrollTo"];
  });
  return { times: () => page.evaluate(() => (window as unknown as { autoplaySteps: number[] }).autoplaySteps) };
}

describe("testimonials fade slider", () => {
  for (const viewport of sizes) {
    it(`has four slides with pagination and previous/next at ${viewport.width} px`, async () => {
      const { context, page } = await newPage(e2e.browser, viewport);
      const problems = watchConsole(page);
      await openHome(page);
      const region = page.getByRole("region", { name: "Client testimonials" });
      await readyTestimonials(page);
      await page.mouse.move(1, 1);

      expect(await region.locator(".carousel__slide").count()).toBe(4);
      expect(await page.locator("#ourclient .carousel--fade").count()).toBe(1);
      const dots = region.getByRole("button", { name: /^Go to slide \d$/ });
      expect(await dots.count()).toBe(4);
      expect(await dots.nth(0).getAttribute("aria-current")).toBe("true");

      await dots.nth(2).click();
      await expect.poll(() => activeSlide(page)).toBe("3 of 4");
      await expect.poll(() => dots.nth(2).getAttribute("aria-current")).toBe("true");
      expect(await dots.nth(0).getAttribute("aria-current")).toBeNull();

      await region.getByRole("button", { name: "Next" }).click();
      await expect.poll(() => activeSlide(page)).toBe("4 of 4");
      await expect.poll(() => region.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
      await region.getByRole("button", { name: "Previous" }).click();
      await expect.poll(() => activeSlide(page)).toBe("3 of 4");
      // Slides alternate the two testimonials.
      const names = await region.locator(".carousel__slide .testimonial__name").allTextContents();
      expect(names[0]).toBe(names[2]);
      expect(names[1]).toBe(names[3]);
      expect(names[0]).not.toBe(names[1]);
      await context.close();
      expect(problems).toEqual([]);
    });
  }

  it("autoplays every autoplay speed + 50 ms and pauses on hover, on focus and off screen", async () => {
    const { context, page } = await newPage(e2e.browser, viewports.desktop);
    await page.clock.install();
    await openHome(page);
    // Off screen (the top of the page): no slide moves.
    await page.clock.runFor(3 * interval);
    expect(await activeSlide(page)).toBe("1 of 4");
    await readyTestimonials(page);
    const region = page.getByRole("region", { name: "Client testimonials" });
    await page.mouse.move(1, 1);
    const autoplay = await pauseAndSpyAutoplay(page);

    // Three steps, each exactly one interval after the last, whatever the machine's load.
    for (const next of ["2 of 4", "3 of 4", "4 of 4"]) {
      await page.clock.runFor(interval);
      await expect.poll(() => activeSlide(page)).toBe(next);
    }
    const steps = await autoplay.times();
    expect(steps).toHaveLength(3);
    expect(steps.slice(1).map((at, i) => at - steps[i]!)).toEqual([interval, interval]);

    // Hover: nothing moves for two intervals.
    await region.locator(".carousel__track").hover();
    await page.clock.runFor(2 * interval);
    expect(await autoplay.times()).toHaveLength(3);

    // Leaving resumes: at the end, the next step goes back to the first slide.
    await page.mouse.move(1, 1);
    await page.clock.runFor(interval);
    await expect.poll(() => activeSlide(page)).toBe("1 of 4");

    // Keyboard focus inside the carousel pauses it too.
    await region.getByRole("button", { name: "Go to slide 1" }).focus();
    await page.clock.runFor(2 * interval);
    expect(await autoplay.times()).toHaveLength(4);
    expect(await activeSlide(page)).toBe("1 of 4");
    await context.close();
  });
});

describe("counters", () => {
  it("count up from 0 once when scrolled into view: 2 s for the stats, 5 s for 25+", async () => {
    const { context, page } = await newPage(e2e.browser, viewports.desktop);
    const problems = watchConsole(page);
    await page.clock.install();
    await openHome(page);
    const stat = page.locator(".stat__value .counter__figure").first();
    const expertise = page.locator(".expertise__value .counter__figure");
    // Off screen after hydration: waiting at zero.
    expect(await stat.getAttribute("data-state")).toBe("waiting");
    expect(await stat.textContent()).toBe("0+");
    const card = page.locator(".stat").first();
    const heightBefore = (await card.boundingBox())!.height;
    // From here on the page's clock moves only as the test moves it: durations are exact.
    await pauseClock(page);

    await page.locator(".stats").scrollIntoViewIfNeeded();
    await expect.poll(() => stat.getAttribute("data-state")).toBe("counting");
    const seen = new Set<string>();
    let elapsed = 0;
    for (; elapsed + 200 < timings.statCountUpMs; elapsed += 200) {
      await page.clock.runFor(200);
      seen.add((await stat.textContent())!);
    }
    // 100 ms before its end it still counts; 100 ms after, it shows its figure.
    await page.clock.runFor(timings.statCountUpMs - 100 - elapsed);
    expect(await stat.getAttribute("data-state")).toBe("counting");
    await page.clock.runFor(200);
    expect(await stat.getAttribute("data-state")).toBe("done");
    expect(await stat.textContent()).toBe("5K+");
    expect(seen.size).toBeGreaterThan(3);
    expect([...seen].some((t) => t !== "5K+" && t !== "0+")).toBe(true);
    expect((await card.boundingBox())!.height).toBe(heightBefore);
    expect(await page.locator(".stat__value .counter__figure").allTextContents()).toEqual(["5K+", "1M", "99%"]);

    // Once only: scrolling away and back leaves the final figure. The page sees the stats again
    // no later than it sees the 25+ block after them, which starts counting.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator(".stats").scrollIntoViewIfNeeded();
    await expertise.scrollIntoViewIfNeeded();
    await expect.poll(() => expertise.getAttribute("data-state")).toBe("counting");
    expect(await stat.getAttribute("data-state")).toBe("done");
    expect(await stat.textContent()).toBe("5K+");

    await page.clock.runFor(timings.expertiseCountUpMs - 100);
    expect(await expertise.getAttribute("data-state")).toBe("counting");
    await page.clock.runFor(200);
    expect(await expertise.getAttribute("data-state")).toBe("done");
    expect(await expertise.textContent()).toBe("25+");
    await context.close();
    expect(problems).toEqual([]);
  });
});

describe("particle canvas", () => {
  it("draws 500 particles at devicePixelRatio only once seen, and pauses off screen and in a hidden tab", async () => {
    const { context, page } = await newPage(e2e.browser, viewports.desktop, { deviceScaleFactor: 2 });
    await openHome(page);
    const canvas = page.locator("canvas.particles");
    expect(await canvas.getAttribute("aria-hidden")).toBe("true");
    expect(await canvas.getAttribute("data-state")).toBe("idle");
    expect(await canvas.getAttribute("data-particles")).toBeNull();

    await canvas.scrollIntoViewIfNeeded();
    await expect.poll(() => canvas.getAttribute("data-state")).toBe("running");
    expect(await canvas.getAttribute("data-particles")).toBe("500");
    const size = await canvas.evaluate((c: HTMLCanvasElement) => ({
      width: c.width,
      css: c.clientWidth,
      height: c.height,
      cssH: c.clientHeight,
    }));
    expect(size.width).toBe(Math.round(size.css * 2));
    expect(size.height).toBe(Math.round(size.cssH * 2));

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => canvas.getAttribute("data-state")).toBe("paused");
    await canvas.scrollIntoViewIfNeeded();
    await expect.poll(() => canvas.getAttribute("data-state")).toBe("running");

    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(await canvas.getAttribute("data-state")).toBe("paused");
    await context.close();
  });
});

describe("prefers-reduced-motion: reduce", () => {
  it("turns off count-up, particles, autoplay and scroll-in animations", async () => {
    for (const viewport of sizes) {
      const { context, page } = await newPage(e2e.browser, viewport, { reducedMotion: "reduce" });
      const problems = watchConsole(page);
      await page.clock.install();
      await openHome(page);
      await page.locator(".stats").scrollIntoViewIfNeeded();
      await readyTestimonials(page);
      await page.mouse.move(1, 1);
      const autoplay = await pauseAndSpyAutoplay(page);
      // Longer than a count-up and two autoplay steps: neither happens.
      await page.clock.runFor(2 * interval);
      expect(await page.locator(".stat__value .counter__figure").allTextContents()).toEqual(["5K+", "1M", "99%"]);
      expect(await page.locator(".stat__value .counter__figure").first().getAttribute("data-state")).toBeNull();
      const canvas = page.locator("canvas.particles");
      expect(await canvas.getAttribute("data-state")).toBe("off");
      expect(await canvas.getAttribute("data-particles")).toBeNull();
      expect(await page.getByRole("button", { name: "Pause slides" }).count()).toBe(0);
      expect(await autoplay.times()).toEqual([]);
      expect(await activeSlide(page)).toBe("1 of 4");

      // Nothing waits for an animation: every revealed block is fully opaque.
      const opacities = await page
        .locator(".reveal")
        .evaluateAll((els) => els.map((el) => getComputedStyle(el).opacity));
      expect(new Set(opacities)).toEqual(new Set(["1"]));
      await context.close();
      expect(problems).toEqual([]);
    }
  });
});

describe("without JavaScript", () => {
  const homeTexts = [hero.title, ...Object.values(sectionTitles), "5K+", "1M", "99%", "25+", "View All Post"];

  for (const viewport of sizes) {
    it(`shows every section's text on / and /RecentArticles at ${viewport.width} px`, async () => {
      const { context, page } = await newPage(e2e.browser, viewport, { javaScriptEnabled: false });
      await page.goto(e2e.server.url + "/");
      expect(await page.evaluate(() => document.documentElement.classList.contains("js"))).toBe(false);
      for (const text of homeTexts) {
        const target = page.getByText(text, { exact: true }).first();
        expect(await target.isVisible(), text).toBe(true);
      }
      expect(await page.getByRole("link", { name: "Get Started (opens in a new tab)" }).isVisible()).toBe(true);
      expect(await page.getByText(consulting.offer.replace(/^\d+%/, "").trim()).isVisible()).toBe(true);
      for (const id of HOME_SECTION_IDS) {
        expect(await page.locator(`#${id}`).isVisible(), id).toBe(true);
      }
      const hidden = await page.locator("main *").evaluateAll((els) =>
        els
          .filter((el) => {
            const s = getComputedStyle(el);
            return s.opacity === "0" || s.visibility === "hidden";
          })
          .map((el) => el.className),
      );
      expect(hidden).toEqual([]);
      // The featured agents' first full rows show (three, five or seven), the rest under a switch that works without the script.
      const agentNames = page.locator(".agent-list .agent-card__title");
      expect(await agentNames.filter({ visible: true }).count()).toBe(foldedAgents(viewport.width));
      await page.getByText(`Show all ${homeAgents.length} agents`).click();
      expect(await agentNames.filter({ visible: true }).count()).toBe(homeAgents.length);
      // The testimonials and article tracks scroll sideways: every card is rendered.
      expect(await page.locator("#ourclient .testimonial").count()).toBe(4);
      for (const article of articles)
        expect(await page.getByRole("heading", { name: article.title }).first().isVisible(), article.title).toBe(true);

      await page.goto(e2e.server.url + "/RecentArticles");
      expect(await page.getByRole("heading", { level: 1, name: "Recent Articles" }).isVisible()).toBe(true);
      for (const article of articles) {
        expect(await page.getByRole("heading", { name: article.title }).isVisible(), article.title).toBe(true);
        expect(await page.getByText(article.excerpt).isVisible()).toBe(true);
      }
      await context.close();
    });
  }
});
