// npm run audit: Lighthouse on every route of the production build, the byte-budget table and
// full-page screenshots at 375 and 1280 px. Writes reports/lighthouse.md and reports/screenshots/.
// Options: --runs N (default 3: each route's row is the run with the median score),
// --no-screenshots.
import { mkdir, writeFile } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { siteRoutes } from "../shared/site.ts";
import { formatLighthouse, medianRows, runLighthouse, startProductionServer, type LighthouseRow } from "./lib/lighthouse.ts";
import { formatWeights, routeWeights } from "./lib/budgets.ts";

const args = process.argv.slice(2);
const runsArg = args.indexOf("--runs");
const runCount = runsArg >= 0 ? Math.max(1, Number(args[runsArg + 1]) || 1) : 3;

await mkdir("reports", { recursive: true });
const server = await startProductionServer();
let table: string;
try {
  const runs: LighthouseRow[][] = [];
  for (let i = 0; i < runCount; i++) runs.push(await runLighthouse(server.url, siteRoutes.map((r) => r.path)));
  const rows = medianRows(runs);
  table = formatLighthouse(rows);
  const failing = rows.filter((r) => r.failing?.length).map((r) => `- ${r.path}: ${r.failing!.join(", ")}`);
  const report = [
    `# Lighthouse (mobile preset, simulated throttling, production build, median of ${runCount})`,
    "",
    table,
    "",
    ...(failing.length ? ["Failing pass/fail audits:", ...failing, ""] : []),
    "# First-load bytes (gzip)",
    "",
    formatWeights(routeWeights()),
    "",
  ].join("\n");
  await writeFile("reports/lighthouse.md", report);
  console.log(report);
} finally {
  await server.stop();
}
if (!args.includes("--no-screenshots")) execFileSync(process.execPath, ["--import", "tsx", "scripts/screenshots.ts"], { stdio: "inherit" });
