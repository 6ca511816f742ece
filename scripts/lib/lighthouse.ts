import { spawn, type ChildProcess } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_PATH } from "../../test/helpers/browser.ts";

export interface LighthouseRow {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Pass/fail audits that failed: the reason a category is below 100. */
  failing?: string[];
}

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  '--host-resolver-rules="MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"',
];

/** Starts the production build (node dist/server/main.js) on a free loopback port. */
export async function startProductionServer(env: Record<string, string> = {}): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ["dist/server/main.js"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const port = await new Promise<number>((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const match = output.match(/"port":(\d+)/);
      if (match) {
        clearInterval(timer);
        resolve(Number(match[1]));
      } else if (Date.now() - started > 15_000 || child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`server did not start:\n${output}`));
      }
    }, 50);
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Runs Lighthouse (mobile preset, simulated throttling) on each path, one after the other. */
export async function runLighthouse(baseUrl: string, paths: readonly string[]): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  const rows: LighthouseRow[] = [];
  try {
    for (const path of paths) {
      const audit = () =>
        lighthouse(baseUrl + path, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
      let result = await audit();
      // A run that could not measure (e.g. the machine stalled past a trace deadline) is retried
      // once; a second failure is reported as it is.
      if (result?.lhr.runtimeError) result = await audit();
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      if (result.lhr.runtimeError) throw new Error(`Lighthouse could not audit ${path}: ${result.lhr.runtimeError.message}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      rows.push({
        path,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(numeric("largest-contentful-paint")),
        cls: Number(numeric("cumulative-layout-shift").toFixed(3)),
        tbtMs: Math.round(numeric("total-blocking-time")),
        fcpMs: Math.round(numeric("first-contentful-paint")),
      });
      const failing = Object.values(audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary");
      if (failing.length) rows[rows.length - 1]!.failing = failing.map((a) => a.id);
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

export function formatLighthouse(rows: LighthouseRow[]): string {
  const lines = [
    "| route | Performance | Accessibility | Best Practices | SEO | LCP ms | CLS | TBT ms | FCP ms |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of rows)
    lines.push(`| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} | ${r.fcpMs} |`);
  return lines.join("\n");
}
