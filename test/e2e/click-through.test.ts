// Every same-origin link, clicked as a visitor would: on a freshly loaded page once it is live,
// footer links again after jumping to the bottom, and a sample right after the first paint,
// before React has arrived. Each click must land on its path, with its #anchor at the top of the
// view (or the page at its end), the whole destination page (as many sections as when loaded
// directly, and the footer) and a silent console. Links the header and footer repeat on every
// page are clicked from their own page and from one other (test/helpers/clickPlan.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errors, type Page, type Route } from "playwright-core";
import { siteRoutes } from "../../shared/site.ts";
import { newPage, viewports, waitForHydration, watchConsole } from "../../scripts/harness/browser.ts";
import { sideBySide } from "../../scripts/harness/sideBySide.ts";
import { browserAndServer } from "../helpers/e2e.ts";
import { destination, planClicks, type Click } from "../helpers/clickPlan.ts";

const e2e = browserAndServer();

/**
 * A generous bound for landing (the product's own: the page's code, 100 ms, then a smooth scroll
 * that takes the browser up to about a second and a half on the longest page), with room for
 * another browser test file sharing the two cores.
 */
const LAND_WITHIN_MS = 10_000;

interface PageShape {
  sections: number;
  footer: boolean;
}

const shapeOf = (page: Page): Promise<PageShape> =>
  page.evaluate(() => ({
    sections: document.querySelectorAll("main section").length,
    footer: Boolean(document.querySelector("footer.site-footer")?.childElementCount),
  }));

/**
 * Same-origin hrefs of the links a visitor sees on the page: not the skip link, which waits off
 * screen for keyboard focus, nor tabs, which are links to their panels rather than navigation.
 */
const linksOf = (page: Page, scope: string): Promise<string[]> =>
  page.evaluate((scope) => {
    const onPage = (a: Element) => {
      const box = a.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && box.bottom + scrollY > 0 && box.right + scrollX > 0;
    };
    const hrefs = [...document.querySelectorAll<HTMLAnchorElement>(`${scope} a[href]:not([role="tab"])`)]
      .filter((a) => a.origin === location.origin && !a.target && a.checkVisibility() && onPage(a))
      .map((a) => a.getAttribute("href")!);
    return [...new Set(hrefs)];
  }, scope);

/**
 * Of `hrefs`, those whose click in the whole page (clickThrough: the first link to it that shows
 * a box, Playwright's visible) lands on a link in the footer.
 */
const clickedInFooter = (page: Page, hrefs: string[]): Promise<string[]> =>
  page.evaluate((hrefs) => {
    const anchors = [...document.querySelectorAll<HTMLAnchorElement>('body a[href]:not([role="tab"])')];
    const clicked = (href: string) =>
      anchors.find((a) => {
        const box = a.getBoundingClientRect();
        return a.getAttribute("href") === href && a.checkVisibility() && box.width > 0 && box.height > 0;
      });
    return hrefs.filter((href) => clicked(href)?.closest("footer.site-footer"));
  }, hrefs);

/**
 * Each page's shape when loaded directly at the width under test (the bar a click's destination
 * must meet), read from the loads the plan is made from; a destination that is not one of the
 * site's routes is loaded on its own.
 */
const shapes = new Map<string, PageShape>();

async function directShape(path: string): Promise<PageShape> {
  const known = shapes.get(path);
  if (known) return known;
  const { context, page } = await newPage(e2e.browser, viewports.desktop);
  await page.goto(e2e.server.url + path);
  const shape = await shapeOf(page);
  await context.close();
  shapes.set(path, shape);
  return shape;
}

/**
 * Where a click has landed, read in the page (a self-contained function: it runs there); with
 * `untilOk`, false until it has landed.
 */
function landingState({ id, expected, untilOk }: { id: string; expected: PageShape; untilOk: boolean }) {
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const element = id ? document.getElementById(id) : null;
  const atEnd = scrollY + innerHeight >= document.documentElement.scrollHeight - 2;
  const state = {
    sections: document.querySelectorAll("main section").length,
    footer: Boolean(document.querySelector("footer.site-footer")?.childElementCount),
    landed: id ? Boolean(element) && (Math.abs(element!.getBoundingClientRect().top - padding) <= 2 || atEnd) : true,
    top: element ? Math.round(element.getBoundingClientRect().top - padding) : null,
  };
  const ok = state.sections === expected.sections && state.footer === expected.footer && state.landed;
  return untilOk && !ok ? false : state;
}

/** Waits until the click has landed; returns what is wrong with where it landed, or nothing. */
async function landing(page: Page, target: URL, problems: string[]): Promise<string[]> {
  const wrong: string[] = [];
  try {
    await page.waitForURL((url) => url.pathname === target.pathname && url.hash === target.hash, {
      timeout: LAND_WITHIN_MS,
    });
  } catch {
    return [`landed on ${page.url()}`];
  }
  const args = { id: decodeURIComponent(target.hash.slice(1)), expected: await directShape(target.pathname) };
  // Checked at every frame, so a landing is seen as soon as it happens; at the bound, the state
  // it was left in says what is wrong.
  const state = await page
    .waitForFunction(landingState, { ...args, untilOk: true }, { polling: "raf", timeout: LAND_WITHIN_MS })
    .then((handle) => handle.jsonValue())
    .catch(async (error: unknown) => {
      if (!(error instanceof errors.TimeoutError)) throw error;
      return page.evaluate(landingState, { ...args, untilOk: false });
    });
  if (!state) throw new Error("landingState answered false without untilOk");
  if (state.sections !== args.expected.sections) wrong.push(`${state.sections} of ${args.expected.sections} sections`);
  if (state.footer !== args.expected.footer) wrong.push("no footer");
  if (!state.landed) wrong.push(`#${args.id} ${state.top} px from the top`);
  if (problems.length > 0) wrong.push(...problems.splice(0));
  return wrong;
}

/**
 * Loads `path` afresh in `page`, waits until it is live (or, with `live: false`, only for its
 * first paint, with every chunk the entry would load held back) and clicks the first visible link
 * to the click's href. Returns the failures, as "path -> href: what".
 */
async function clickThrough(
  page: Page,
  problems: string[],
  path: string,
  click: Click,
  live: boolean,
): Promise<string[]> {
  let release = () => {};
  if (!live) {
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/chunk-*.js", async (route: Route) => {
      await held;
      await route.continue();
    });
  }
  try {
    await page.goto(e2e.server.url + path, { waitUntil: live ? "load" : "commit" });
    if (live) await waitForHydration(page);
    else await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
    problems.splice(0);
    await click.prepare?.(page);
    const link = page.locator(`${click.scope} a[href="${click.href}"]:not([role="tab"])`).filter({ visible: true });
    await link.first().click();
    const wrong = await landing(page, destination(path, click.href), problems);
    return wrong.map((what) => `${path} -> ${click.href}${live ? "" : " (before hydration)"}: ${what}`);
  } finally {
    release();
    if (!live) await page.unrouteAll({ behavior: "ignoreErrors" });
  }
}

/** Pages work through the clicks side by side: most of a click's time is waiting for the page to go idle. */
const PAGES = 4;

/** A page that works through clicks, with the console problems it has collected. */
interface Worker {
  page: Page;
  problems: string[];
}

/**
 * The pages one width's tests share. Every click loads its page afresh anyway; a new context
 * for each test only started new browser processes, on cores the browser already keeps busy.
 */
async function openWorkers(viewport: { width: number; height: number }): Promise<Worker[]> {
  return Promise.all(
    Array.from({ length: PAGES }, async () => {
      const { page } = await newPage(e2e.browser, viewport);
      return { page, problems: watchConsole(page) };
    }),
  );
}

/**
 * Works through `items` on the workers side by side. Every worker has stopped when it returns,
 * even after a failure, so none is still busy with a page when the next test takes it.
 */
const onPages = <T, R>(workers: Worker[], items: T[], work: (worker: Worker, item: T) => Promise<R>) =>
  sideBySide(items, workers.length, (item, lane) => work(workers[lane]!, item));

async function clickAll(workers: Worker[], path: string, clicks: Click[], live: boolean): Promise<string[]> {
  const failures = await onPages(workers, clicks, ({ page, problems }, click) =>
    clickThrough(page, problems, path, click, live),
  );
  return failures.flat();
}

/** Set in the page when a scroll of the document has ended. */
const SCROLL_ENDED = "__clickThroughScrollEnded";

/**
 * End, as a visitor presses it: again whenever the scroll ends short of the page's end (a smooth
 * scroll aims at the height it had when it started; a busy runner can stretch it past a late
 * layout). Each press is followed at every frame until the page is at its end or its scroll has
 * ended (scrollend), so nothing waits longer than the scroll itself.
 */
async function jumpToBottom(page: Page): Promise<void> {
  const deadline = Date.now() + LAND_WITHIN_MS;
  for (;;) {
    await page.evaluate((flag) => {
      const scope = window as unknown as Record<string, boolean>;
      scope[flag] = false;
      addEventListener("scrollend", () => (scope[flag] = true), { once: true });
    }, SCROLL_ENDED);
    await page.keyboard.press("End");
    const where = await page
      .waitForFunction(
        (flag) => {
          if (scrollY + innerHeight >= document.documentElement.scrollHeight - 2) return "end";
          return (window as unknown as Record<string, boolean>)[flag] ? "short" : false;
        },
        SCROLL_ENDED,
        { polling: "raf", timeout: Math.max(1, deadline - Date.now()) },
      )
      .then((handle) => handle.jsonValue());
    if (where === "end") return;
    if (Date.now() > deadline) throw new Error(`End did not reach the end of ${page.url()}`);
  }
}

describe.each([viewports.mobile, viewports.desktop])("every link at $width px", (viewport) => {
  let plan = new Map<string, Click[]>();
  /** Each page's links as first painted, before React: where the sample after the first paint comes from. */
  const painted = new Map<string, { all: string[]; footer: string[] }>();
  let workers: Worker[] = [];
  afterAll(() => Promise.all(workers.map(({ page }) => page.context().close())));
  beforeAll(async () => {
    workers = await openWorkers(viewport);
    const paths = siteRoutes.map(({ path }) => path);
    const linksBySource = await onPages(workers, paths, async ({ page }, path): Promise<Click[]> => {
      await page.goto(e2e.server.url + path);
      painted.set(path, { all: await linksOf(page, "body"), footer: await linksOf(page, "footer") });
      await waitForHydration(page);
      shapes.set(path, await shapeOf(page));
      const [all, footer] = [await linksOf(page, "body"), await linksOf(page, "footer")];
      expect(all.length, path).toBeGreaterThan(5);
      // A link of the page whose click lands on a footer link is that footer link, which the
      // footer's own clicks take after a jump to the bottom, as a visitor reaches it, to the same
      // destination, checked the same way: on phones, where the header's links wait in the closed
      // menu, every page link the footer repeats. It is clicked once, from the bottom.
      const fromFooter = new Set(
        await clickedInFooter(
          page,
          all.filter((href) => footer.includes(href)),
        ),
      );
      return [
        ...all.filter((href) => !fromFooter.has(href)).map((href) => ({ scope: "body", href })),
        ...footer.map((href) => ({ scope: "footer", href, prepare: jumpToBottom })),
      ];
    });
    plan = planClicks(new Map(paths.map((path, i) => [path, linksBySource[i]!])));
  }, 120_000);

  it.each(siteRoutes.map((route) => route.path))(
    "from %s, once the page is live",
    async (path) => {
      const clicks = plan.get(path)!;
      expect(clicks.length).toBeGreaterThan(0);
      const started = performance.now();
      const failures = await clickAll(workers, path, clicks, true);
      console.log(
        `${path} at ${viewport.width} px: ${clicks.length} clicks in ${Math.round(performance.now() - started)} ms`,
      );
      expect(failures).toEqual([]);
    },
    300_000,
  );

  it.each(siteRoutes.map((route) => route.path))("from %s, right after the first paint", async (path) => {
    // A sample: the first in-page anchor link and the last footer link.
    const { all, footer } = painted.get(path)!;
    const sample = [...new Set([all.find((href) => href.includes("#")), footer.at(-1)])].filter(
      (href): href is string => Boolean(href),
    );
    expect(sample.length).toBeGreaterThan(0);
    expect(
      await clickAll(
        workers,
        path,
        sample.map((href) => ({ scope: "body", href })),
        false,
      ),
    ).toEqual([]);
  });
});
