// The first tap on a phone: how long from the tap to the frame that shows its result, for the
// menu, a tab, an accordion item and a carousel arrow, tapped as soon as the page has painted
// and again right after its load event. A 375 px phone profile: CPU slowed 4x, 150 ms round
// trips, 1.6 Mbit/s down (Chrome DevTools Protocol). The wait is Chromium's own Event Timing
// duration of the tap's events (what field INP reports), median of RUNS fresh loads.
// Usage: npm run bench:tap [-- --runs 5]. A benchmark that prints, never a test.
import type { Browser, Page } from "playwright-core";
import { build } from "./build.ts";
import { launchBrowser } from "./harness/browser.ts";
import { startProductionServer } from "./harness/productionServer.ts";

const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const PHONE = { width: 375, height: 812 };
/** What counts as "the tap did nothing". */
const ACT_WITHIN_MS = 5000;

interface Control {
  name: string;
  path: string;
  /** What to tap (a CSS selector). */
  target: string;
  /** True once the page shows the tap's result. */
  done: string;
}

const controls: Control[] = [
  {
    name: "menu",
    path: "/",
    target: ".site-header__bars",
    done: `document.getElementById("main-menu").matches(":popover-open")`,
  },
  {
    name: "menu",
    path: "/service",
    target: ".site-header__bars",
    done: `document.getElementById("main-menu").matches(":popover-open")`,
  },
  {
    name: "tab",
    path: "/service",
    target: '[role="tab"]:nth-child(3)',
    done: `document.querySelector('[role="tab"]:nth-child(3)').getAttribute("aria-selected") === "true"`,
  },
  {
    name: "accordion item",
    path: "/TermsCondition",
    target: "details.accordion__item:nth-of-type(2) > summary",
    done: `document.querySelector("details.accordion__item:nth-of-type(2)").open`,
  },
  {
    name: "carousel arrow",
    path: "/RecentArticles",
    target: '.carousel [data-step="1"]',
    done: `document.querySelector(".carousel__track").scrollLeft > 0`,
  },
];

/**
 * Records the longest event of each interaction, from the page's first moment on, split as
 * web-vitals splits INP: input delay (the main thread was busy), processing (the handlers) and
 * presentation (style, layout and paint of the next frame).
 */
const RECORD_INTERACTIONS = `
  window.__taps = new Map();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId || (window.__taps.get(e.interactionId)?.duration ?? -1) >= e.duration) continue;
      window.__taps.set(e.interactionId, {
        duration: e.duration,
        delay: e.processingStart - e.startTime,
        processing: e.processingEnd - e.processingStart,
        presentation: e.startTime + e.duration - e.processingEnd,
      });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
`;

interface Tap {
  duration: number;
  delay: number;
  processing: number;
  presentation: number;
}
const LOST: Tap = { duration: Number.NaN, delay: Number.NaN, processing: Number.NaN, presentation: Number.NaN };

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

/** One fresh load and one tap; the tap-to-frame time and its parts in ms, NaN if the tap did nothing. */
async function tapOnce(browser: Browser, url: string, control: Control, when: "painted" | "loaded"): Promise<Tap> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(RECORD_INTERACTIONS);
    await throttle(page);
    await page.goto(url + control.path, { waitUntil: when === "painted" ? "commit" : "load", timeout: 60_000 });
    const target = page.locator(control.target).first();
    if (when === "painted") {
      await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, undefined, {
        polling: 20,
        timeout: 60_000,
      });
    }
    await target.scrollIntoViewIfNeeded();
    await target.tap({ timeout: 60_000 });
    await page.waitForFunction(control.done, undefined, { timeout: ACT_WITHIN_MS, polling: "raf" }).catch(() => null);
    if (!(await page.evaluate(control.done))) return LOST;
    // Event Timing reports an interaction once its next frame has been presented.
    const latency = await page.waitForFunction(
      () => {
        const taps = [...(window as unknown as { __taps: Map<number, Tap> }).__taps.values()];
        return taps.length > 0 ? taps.reduce((a, b) => (b.duration > a.duration ? b : a)) : false;
      },
      undefined,
      { timeout: ACT_WITHIN_MS },
    );
    return (await latency.jsonValue()) as Tap;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Median input delay / processing / presentation of the taps that acted. */
function parts(taps: Tap[]): string {
  const acted = taps.filter((t) => !Number.isNaN(t.duration));
  if (acted.length === 0) return "–";
  const m = (key: keyof Tap) => Math.round(median(acted.map((t) => t[key])));
  return `${m("delay")} / ${m("processing")} / ${m("presentation")}`;
}

function cell(values: number[]): string {
  const lost = values.filter((v) => Number.isNaN(v)).length;
  const times = values.filter((v) => !Number.isNaN(v));
  if (times.length === 0) return `lost ${lost} of ${values.length}`;
  const range = `${Math.min(...times)}–${Math.max(...times)}`;
  return `${median(times)} ms (${range})${lost ? `, lost ${lost} of ${values.length}` : ""}`;
}

async function main(): Promise<void> {
  if (!process.argv.includes("--no-build")) await build();
  // The whole browser: tap latency goes through its input and compositor paths, as on a phone.
  const [server, browser] = await Promise.all([startProductionServer(), launchBrowser({ whole: true })]);
  try {
    const rows = [
      `First tap at 375 px, CPU x4, 150 ms RTT, 1.6 Mbit/s: tap to next frame (Event Timing), median of ${RUNS} (min–max)`,
      "",
      "Parts: median input delay / processing / presentation (ms).",
      "",
      "| control | page | tapped when painted | parts | tapped after load | parts |",
      "|---|---|---|---|---|---|",
    ];
    for (const control of controls) {
      const painted: Tap[] = [];
      const loaded: Tap[] = [];
      for (let run = 0; run < RUNS; run++) {
        painted.push(await tapOnce(browser, server.url, control, "painted"));
        loaded.push(await tapOnce(browser, server.url, control, "loaded"));
      }
      const durations = (taps: Tap[]) => taps.map((t) => t.duration);
      rows.push(
        `| ${control.name} | \`${control.path}\` | ${cell(durations(painted))} | ${parts(painted)} | ${cell(durations(loaded))} | ${parts(loaded)} |`,
      );
      console.error(rows.at(-1));
    }
    console.log(`\n${rows.join("\n")}\n`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
