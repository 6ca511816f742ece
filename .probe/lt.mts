import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS } from "/work/wt/i16/test/helpers/browser.ts";
import { startProductionServer } from "/work/wt/i16/test/helpers/productionServer.ts";
const server = await startProductionServer({});
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", ...CHROMIUM_ARGS], logLevel: "silent" });
try {
  for (const path of (process.argv[2] ?? "/").split(",")) {
    const r = await lighthouse(server.url + path, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    const a = r!.lhr.audits;
    console.log(path, r!.lhr.categories.performance.score, "TBT", a["total-blocking-time"].numericValue, "LCP", a["largest-contentful-paint"].numericValue, "FCP", a["first-contentful-paint"].numericValue, "TTI", a["interactive"]?.numericValue);
    console.log(" long", JSON.stringify((a["long-tasks"].details as any)?.items?.map((i: any) => [i.url?.split("/").pop(), Math.round(i.startTime), Math.round(i.duration)])));
    console.log(" bootup", JSON.stringify((a["bootup-time"].details as any)?.items?.map((i: any) => [i.url?.split("/").pop(), Math.round(i.total), Math.round(i.scripting), Math.round(i.scriptParseCompile)])));
    console.log(" mainthread", JSON.stringify((a["mainthread-work-breakdown"].details as any)?.items?.map((i: any) => [i.group, Math.round(i.duration)])));
    console.log(" lcp", JSON.stringify(Object.keys(a).filter(k=>/lcp|largest/.test(k))), JSON.stringify((a["lcp-breakdown-insight"]?.details as any)?.items?.map((x:any)=>x.items ?? x.node?.snippet)).slice(0,1200));
  }
} finally { chrome.kill(); await server.stop(); }
