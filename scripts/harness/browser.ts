import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless Chromium that never reaches out: no background traffic, every host but ours unresolvable. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
];

/** Launches Debian's Chromium. Missing Chromium is a failure, never a skip. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export const viewports = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

/**
 * Collects console errors, warnings (React reports hydration mismatches there; Chromium reports
 * 4xx/5xx subresources there too), page errors and requests that failed. A request the page
 * itself cancelled (net::ERR_ABORTED: the test navigated on while the idle-time web-vitals chunk
 * was loading) is not a failure of the site.
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (msg: ConsoleMessage) => {
    if (msg.type() === "error" || msg.type() === "warning") problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("requestfailed", (request) => {
    const reason = request.failure()?.errorText;
    if (reason !== "net::ERR_ABORTED") problems.push(`requestfailed: ${request.url()} ${reason}`);
  });
  return problems;
}

export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number },
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Waits until React has hydrated the page (client/components/Island.tsx marks <html>). React
 * arrives at a visitor's first interaction (client/entry.client.tsx): a focus entering the
 * window stands for one, as a visitor tabbing into the page, without moving or pressing anything.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new FocusEvent("focusin")));
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
