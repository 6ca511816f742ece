import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { Writable } from "node:stream";
import { createHandler } from "../../server/handler.ts";
import { createLogger } from "../../server/logger.ts";
import { launchBrowser, newPage, viewports, waitForHydration, watchConsole } from "../../scripts/harness/browser.ts";
import { testConfig } from "../../scripts/harness/config.ts";

const lines: Array<{ msg?: string; vitals?: { path: string; metrics: Array<{ metric: string; value: number }> } }> = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let browser: Browser;
let server: Server;
let url: string;

beforeAll(async () => {
  const handler = createHandler(testConfig({ LOG_LEVEL: "info" }), { logger: createLogger("info", sink) });
  server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  server?.close();
});

/** The chunk client/vitals.ts ended up in (it imports web-vitals). */
function vitalsChunk(): string {
  // Source modules of each shipped file, written by the build.
  const modules = JSON.parse(readFileSync("dist/client/modules.json", "utf8")) as Record<string, string[]>;
  const file = Object.entries(modules).find(([, inputs]) => inputs.includes("client/vitals.ts"))?.[0];
  if (!file) throw new Error("no chunk holds client/vitals.ts");
  return file;
}

describe("web vitals in Chromium", () => {
  it("loads web-vitals after idle, not before hydration, and beacons the metrics when the page is hidden", async () => {
    const chunk = vitalsChunk();
    const { context, page } = await newPage(browser, viewports.desktop);
    const problems = watchConsole(page);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    const loaded = page.waitForResponse((response) => response.url().endsWith(chunk));
    await page.goto(`${url}/Category`);
    await waitForHydration(page);
    await loaded;
    // The chunk came after everything the page needs at start.
    expect(requested.indexOf(chunk)).toBeGreaterThan(requested.findIndex((p) => p.includes("entry.client")));
    await page.locator("h1").click(); // an interaction, so INP has something to report
    await page.goto(`${url}/main`); // the page is hidden: what is final goes out
    for (let i = 0; i < 250 && !lines.some((l) => l.vitals); i++) await new Promise((r) => setTimeout(r, 20));
    // One log line per beacon, holding all its metrics.
    const beacons = lines.filter((l) => l.vitals).map((l) => l.vitals!);
    expect(beacons.length).toBeGreaterThan(0);
    expect(beacons.every((v) => v.path === "/Category")).toBe(true);
    const names = beacons.flatMap((v) => v.metrics.map((m) => m.metric));
    expect(names).toContain("TTFB");
    expect(names).toContain("FCP");
    await context.close();
    expect(problems).toEqual([]);
  });
});
