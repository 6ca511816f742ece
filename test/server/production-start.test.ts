import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startProductionServer } from "../../scripts/harness/productionServer.ts";

// What the Dockerfile's final stage runs: dist/ plus production-only node_modules, plain node.
describe("production start path", () => {
  it("starts from dist/ with production dependencies only and answers /healthz", async () => {
    const dir = mkdtempSync(join(tmpdir(), "site-prod-"));
    try {
      cpSync("package.json", join(dir, "package.json"));
      cpSync("package-lock.json", join(dir, "package-lock.json"));
      cpSync("dist", join(dir, "dist"), { recursive: true });
      execFileSync("npm", ["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"], {
        cwd: dir,
        stdio: "pipe",
      });
      const server = await startProductionServer({ CONTACT_QUEUE_FILE: join(dir, "data/queue.sqlite") }, { cwd: dir });
      try {
        const health = await fetch(`${server.url}/healthz`);
        expect(health.status).toBe(200);
        const home = await fetch(`${server.url}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain("</html>");
      } finally {
        expect(await server.stop()).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
