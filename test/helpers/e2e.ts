import { afterAll, beforeAll } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newPage, watchConsole } from "../../scripts/harness/browser.ts";
import { startServer, type RunningServer } from "../../scripts/harness/handlerServer.ts";

export interface BrowserAndServer {
  browser: Browser;
  server: RunningServer;
}

/**
 * Chromium and the app for the browser tests of one file: both start (in parallel) before its
 * tests and close after them. Read the fields inside tests and hooks, once they are set.
 */
export function browserAndServer(env: Record<string, string> = {}): BrowserAndServer {
  const running = {} as BrowserAndServer;
  beforeAll(async () => {
    [running.browser, running.server] = await Promise.all([launchBrowser(), startServer(env)]);
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.close();
  });
  return running;
}

export interface KeptPage {
  context: BrowserContext;
  page: Page;
  /** The console's problems (watchConsole) since the page was handed out. */
  problems: string[];
}

/**
 * One page for a file's tests that load their route afresh anyway: each test takes it at its
 * viewport, with nothing collected from the test before. A new page starts a renderer process: a
 * load and hydration in a new page cost about 0.6 s of CPU, in a page already open about 0.3
 * (/Category at 1280 px, Chromium and the test together). What the tests leave behind is their
 * document, which their next load replaces, and the mouse, which goes back to the corner where a
 * new page's starts: no hover carries over. For tests that neither install a clock, add scripts or
 * routes to the page, nor depend on an empty cache.
 */
export function keptPage(
  e2e: BrowserAndServer,
  options: Parameters<Browser["newContext"]>[0] = {},
): (viewport: { width: number; height: number }) => Promise<KeptPage> {
  let kept: KeptPage | undefined;
  afterAll(() => kept?.context.close());
  return async (viewport) => {
    if (!kept) {
      const { context, page } = await newPage(e2e.browser, viewport, options);
      kept = { context, page, problems: watchConsole(page) };
    } else {
      await kept.page.setViewportSize(viewport);
      await kept.page.mouse.move(0, 0);
      kept.problems.splice(0);
    }
    return kept;
  };
}
