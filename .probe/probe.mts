import { launchBrowser, watchConsole, newPage, waitForHydration } from "/work/wt/i16/test/helpers/browser.ts";
import { startProductionServer } from "/work/wt/i16/test/helpers/productionServer.ts";
const server = await startProductionServer({});
const browser = await launchBrowser();
try {
  for (const path of (process.argv[2] ?? "/,/Category").split(",")) {
    const { context, page } = await newPage(browser, { width: 375, height: 812 });
    const problems = watchConsole(page);
    await page.addInitScript(() => {
      (window as any).__lt = [];
      new PerformanceObserver((l) => l.getEntries().forEach((e) => (window as any).__lt.push(Math.round(e.duration)))).observe({ type: "longtask", buffered: true });
    });
    const js: [string, number, number][] = [];
    let loadAt = 0;
    const t0 = Date.now();
    page.on("load", () => (loadAt = Date.now() - t0));
    page.on("response", async (r) => {
      if (r.request().resourceType() !== "script") return;
      const at = Date.now() - t0;
      const size = (await r.body().catch(() => Buffer.alloc(0))).length;
      js.push([r.url().split("/").pop()!, at, size]);
    });
    await page.goto(server.url + path, { waitUntil: "networkidle" });
    await waitForHydration(page);
    await page.waitForTimeout(1500);
    console.log(path, "load", loadAt, "longtasks", await page.evaluate(() => (window as any).__lt), js, problems);
    await context.close();
  }
} finally { await browser.close(); await server.stop(); }
