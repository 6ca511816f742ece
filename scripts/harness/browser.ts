import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from "playwright-core";

/** Debian's Chromium, the whole browser: what Lighthouse and the tap benchmark drive, as a visitor's would run. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * Debian's chromium-headless-shell: the same Chromium build (Blink, V8, Skia) without the
 * desktop browser around it. The browser tests run on it: a third less CPU than the whole
 * browser in headless mode (the e2e files took 120 s instead of 197 on two cores).
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

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

/**
 * Launches Debian's headless shell, or with `whole` the whole browser. A missing one is a failure,
 * never a skip.
 */
export async function launchBrowser({ whole = false } = {}): Promise<Browser> {
  const [path, pkg, variable] = whole
    ? [CHROMIUM_PATH, "chromium", "CHROMIUM_PATH"]
    : [HEADLESS_SHELL_PATH, "chromium-headless-shell", "CHROMIUM_HEADLESS_SHELL_PATH"];
  if (!existsSync(path))
    throw new Error(`${pkg} not found at ${path}: install it (apt-get install -y ${pkg}) or set ${variable}.`);
  return chromium.launch({ executablePath: path, headless: true, args: CHROMIUM_ARGS });
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
