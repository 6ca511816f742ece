// npm run audit: Lighthouse on every route of the production build, the byte-budget table and
// full-page screenshots at 375 and 1280 px. Writes reports/lighthouse.md and reports/screenshots/.
// Options: --runs N (default 3: each figure of a route's row is its median over the runs; TBT
// also shows every run's value),
// --no-screenshots.
import { mkdir, writeFile } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { siteRoutes } from "../shared/site.ts";
import { formatLighthouse, medianRows, runLighthouse, type LighthouseRow } from "./lib/lighthouse.ts";
import { startProductionServer } from "./harness/productionServer.ts";
import { formatLoads, measureRouteLoads } from "./lib/budgets.ts";
import { launchBrowser } from "./harness/browser.ts";

const args = process.argv.slice(2);
const runsArg = args.indexOf("--runs");
const paths = siteRoutes.map((route) => route.path);
const runCount = runsArg >= 0 ? Math.max(1, Number(args[runsArg + 1]) || 1) : 3;

await mkdir("reports", { recursive: true });
const server = await startProductionServer();
let table: string;
try {
  const runs: LighthouseRow[][] = [];
  for (let i = 0; i < runCount; i++) runs.push(await runLighthouse(server.url, paths));
  const rows = medianRows(runs);
  const browser = await launchBrowser();
  const loads = await measureRouteLoads(browser, server.url, paths).finally(() => browser.close());
  table = formatLighthouse(rows);
  const failing = rows.filter((r) => r.failing?.length).map((r) => `- ${r.path}: ${r.failing!.join(", ")}`);
  const report = [
    `# Lighthouse (mobile preset, simulated throttling, production build, median of ${runCount})`,
    "",
    table,
    "",
    ...(failing.length ? ["Failing pass/fail audits:", ...failing, ""] : []),
    "# Bytes a phone loads (gzip, Chromium at 412 px; see scripts/lib/budgets.ts)",
    "",
    formatLoads(loads),
    "",
  ].join("\n");
  await writeFile("reports/lighthouse.md", report);
  console.log(report);
} finally {
  await server.stop();
}
if (!args.includes("--no-screenshots"))
  execFileSync(process.execPath, ["--import", "tsx", "scripts/screenshots.ts"], { stdio: "inherit" });
