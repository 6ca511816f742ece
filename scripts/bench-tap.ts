// The first tap on a phone: how long from the tap to the frame that shows its result, for the
// menu, a tab, an accordion item, a carousel arrow and the colour scheme switch, tapped as soon as the page has painted
// and again right after its load event. A 375 px phone profile: CPU slowed 4x, 150 ms round
// trips, 1.6 Mbit/s down (Chrome DevTools Protocol). The wait is Chromium's own Event Timing
// duration of the tap's events (what field INP reports), median of RUNS fresh loads.
// Usage: npm run bench:tap [-- --runs 5]. A benchmark that prints, never a test.
import type { Browser, Page } from "playwright-core";
import { build } from "./build.ts";
import { launchBrowser, newPage, viewports } from "./harness/browser.ts";
import { startProductionServer } from "./harness/productionServer.ts";
import { routeById } from "../shared/site.ts";

const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
/** What counts as "the tap did nothing". */
const ACT_WITHIN_MS = 5000;

/** What to tap (a CSS selector) on which page, and a script that is true once the page shows the tap's result. */
type Control = [name: string, path: string, target: string, done: string];

const MENU_OPEN = `document.getElementById("main-menu").matches(":popover-open")`;
const controls: Control[] = [
  ["menu", routeById("home").path, ".site-header__bars", MENU_OPEN],
  ["menu", routeById("services").path, ".site-header__bars", MENU_OPEN],
  // The longest page restyled whole in the other scheme.
  ["scheme switch", routeById("home").path, ".scheme-switch", `document.documentElement.hasAttribute("data-scheme")`],
  [
    "tab",
    routeById("services").path,
    '[role="tab"]:nth-child(3)',
    `document.querySelector('[role="tab"]:nth-child(3)').getAttribute("aria-selected") === "true"`,
  ],
  [
    "accordion item",
    routeById("terms").path,
    "details.accordion__item:nth-of-type(2) > summary",
    `document.querySelector("details.accordion__item:nth-of-type(2)").open`,
  ],
  [
    "carousel arrow",
    routeById("articles").path,
    '.carousel [data-step="1"]',
    `document.querySelector(".carousel__track").scrollLeft > 0`,
  ],
];

/** Records the longest event of each interaction (Event Timing), from the page's first moment on. */
const RECORD_INTERACTIONS = `
  window.__taps = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) window.__taps.push(e.duration);
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
`;

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** One fresh load and one tap: the tap-to-frame time in ms, NaN if the tap did nothing. */
async function tapOnce(browser: Browser, url: string, control: Control, when: "painted" | "loaded"): Promise<number> {
  const [, path, selector, done] = control;
  const { context, page } = await newPage(browser, viewports.mobile, { isMobile: true, hasTouch: true });
  try {
    await page.addInitScript(RECORD_INTERACTIONS);
    await throttle(page);
    await page.goto(url + path, { waitUntil: when === "painted" ? "commit" : "load", timeout: 60_000 });
    const target = page.locator(selector).first();
    if (when === "painted") {
      await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, undefined, {
        polling: 20,
        timeout: 60_000,
      });
    }
    await target.scrollIntoViewIfNeeded();
    await target.tap({ timeout: 60_000 });
    await page.waitForFunction(done, undefined, { timeout: ACT_WITHIN_MS, polling: "raf" }).catch(() => null);
    if (!(await page.evaluate(done))) return Number.NaN;
    // Event Timing reports an interaction once its next frame has been presented.
    const taps = () => Math.max(0, ...(window as unknown as { __taps: number[] }).__taps) || false;
    return (await (await page.waitForFunction(taps, undefined, { timeout: ACT_WITHIN_MS })).jsonValue()) as number;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function cell(values: number[]): string {
  const lost = values.filter((v) => Number.isNaN(v)).length;
  const times = values.filter((v) => !Number.isNaN(v)).map(Math.round);
  if (times.length === 0) return `lost ${lost} of ${values.length}`;
  const range = `${Math.min(...times)}–${Math.max(...times)}`;
  return `${median(times)} ms (${range})${lost ? `, lost ${lost} of ${values.length}` : ""}`;
}

if (!process.argv.includes("--no-build")) await build();
// The whole browser: tap latency goes through its input and compositor paths, as on a phone.
const [server, browser] = await Promise.all([startProductionServer(), launchBrowser({ whole: true })]);
try {
  const rows = [
    `First tap at 375 px, CPU x4, 150 ms RTT, 1.6 Mbit/s: tap to next frame (Event Timing), median of ${RUNS} (min–max)`,
    "",
    "| control | page | tapped when painted | tapped after load |",
    "|---|---|---|---|",
  ];
  for (const control of controls) {
    const painted: number[] = [];
    const loaded: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      painted.push(await tapOnce(browser, server.url, control, "painted"));
      loaded.push(await tapOnce(browser, server.url, control, "loaded"));
    }
    rows.push(`| ${control[0]} | \`${control[1]}\` | ${cell(painted)} | ${cell(loaded)} |`);
    console.error(rows.at(-1));
  }
  console.log(`\n${rows.join("\n")}\n`);
} finally {
  await browser.close();
  await server.stop();
}
