import { afterAll, beforeAll } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../../scripts/harness/browser.ts";
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
