import { launchBrowser, newPage, waitForHydration } from "/work/wt/i16/test/helpers/browser.ts";
import { startProductionServer } from "/work/wt/i16/test/helpers/productionServer.ts";
const server = await startProductionServer({});
const browser = await launchBrowser();
try {
  for (const path of (process.argv[2] ?? "/").split(",")) {
    const { context, page } = await newPage(browser, { width: 412, height: 823 });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.addInitScript(() => {
      (window as any).__lt = [];
      new PerformanceObserver((l) => l.getEntries().forEach((e: any) => (window as any).__lt.push([Math.round(e.startTime), Math.round(e.duration), e.name, JSON.stringify(e.attribution?.map((a: any) => a.containerSrc || a.name))]))).observe({ type: "longtask", buffered: true });
      (window as any).__loaf = [];
      try { new PerformanceObserver((l) => l.getEntries().forEach((e: any) => (window as any).__loaf.push([Math.round(e.startTime), Math.round(e.duration), Math.round(e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0), e.scripts.map((s: any) => `${s.invoker}:${s.sourceFunctionName}@${s.sourceURL.split("/").pop()}:${Math.round(s.duration)}`).join(" | ")]))).observe({ type: "long-animation-frame", buffered: true }); } catch {}
    });
    await page.goto(server.url + path, { waitUntil: "networkidle" });
    await waitForHydration(page);
    await page.waitForTimeout(2000);
    const r = await page.evaluate(() => ({ lt: (window as any).__lt, loaf: (window as any).__loaf, marks: performance.getEntriesByType("mark").map((m) => [m.name, Math.round(m.startTime)]), nav: Math.round((performance.getEntriesByType("navigation")[0] as any).loadEventEnd) }));
    console.log(path, "load", r.nav, "marks", JSON.stringify(r.marks));
    for (const l of r.loaf) console.log("  loaf", JSON.stringify(l));
    await context.close();
  }
} finally { await browser.close(); await server.stop(); }
