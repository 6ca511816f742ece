// npm run audit: Lighthouse on every route of the production build, the byte-budget table and
// full-page screenshots at 375 and 1280 px. Writes reports/lighthouse.md and reports/screenshots/.
import { mkdir, writeFile } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { siteRoutes } from "../shared/site.ts";
import { formatLighthouse, runLighthouse, startProductionServer } from "./lib/lighthouse.ts";
import { formatWeights, routeWeights } from "./lib/budgets.ts";

await mkdir("reports", { recursive: true });
const server = await startProductionServer();
let table: string;
try {
  const rows = await runLighthouse(server.url, siteRoutes.map((r) => r.path));
  table = formatLighthouse(rows);
  const failing = rows.filter((r) => r.failing?.length).map((r) => `- ${r.path}: ${r.failing!.join(", ")}`);
  const report = [
    "# Lighthouse (mobile preset, simulated throttling, production build)",
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
execFileSync(process.execPath, ["--import", "tsx", "scripts/screenshots.ts"], { stdio: "inherit" });
