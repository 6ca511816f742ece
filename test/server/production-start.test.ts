import { describe, expect, it } from "vitest";
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

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
      const child = spawn(process.execPath, ["dist/server/main.js"], {
        cwd: dir,
        env: { PATH: process.env.PATH, PORT: "0", HOST: "127.0.0.1", NODE_ENV: "production", CONTACT_OUTBOX_FILE: join(dir, "data/outbox.ndjson") },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      try {
        let port = 0;
        for (let i = 0; i < 200 && !port; i++) {
          port = Number(output.match(/"port":(\d+)/)?.[1] ?? 0);
          if (!port) await new Promise((r) => setTimeout(r, 50));
        }
        expect(port, output).toBeGreaterThan(0);
        const health = await fetch(`http://127.0.0.1:${port}/healthz`);
        expect(health.status).toBe(200);
        const home = await fetch(`http://127.0.0.1:${port}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain("</html>");
      } finally {
        child.kill("SIGTERM");
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
