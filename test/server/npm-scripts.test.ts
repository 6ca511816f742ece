import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../../scripts/lib/freePort.ts";

// `kill <npm's pid>` (what a supervisor or a CI step does) must stop the server npm started, not
// leave it running as an orphan that keeps the port. Each script that runs the server is started
// through the real npm, in a copy of the project (dev builds into the copy's dist-dev/).

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "npm-scripts-"));
  // The tests import their harness (browsers, servers, ports) from scripts/harness.
  for (const entry of [
    "package.json",
    "tsconfig.json",
    "client",
    "server",
    "shared",
    "public",
    "scripts",
    "test",
    "dist",
  ]) {
    cpSync(entry, join(dir, entry), { recursive: true });
  }
  symlinkSync(resolve("node_modules"), join(dir, "node_modules"), "dir");
  // `start` is `npm run build && ... exec node ...`: what is under test is that chain of npm, a
  // shell, a nested npm and node. The copy's build script stands in for the build with a check
  // that the build copied above is there, so `start` still runs a nested `npm run build` to
  // completion before it serves; the build itself is `npm run check`'s, just before the tests
  // (building again here took 50 of the file's 99 s and a core's worth of CPU).
  const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  expect(manifest.scripts.start).toMatch(/^npm run build && /);
  manifest.scripts.build = "test -f dist/server/main.js -a -f dist/client/manifest.json";
  writeFileSync(join(dir, "package.json"), JSON.stringify(manifest, null, 2));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every process below `pid` (children first found through /proc). */
function descendants(pid: number): number[] {
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift()!;
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${next}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      let children = "";
      try {
        children = readFileSync(`/proc/${next}/task/${task}/children`, "utf8");
      } catch {
        continue;
      }
      for (const child of children.split(" ").filter(Boolean).map(Number)) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

const answers = (url: string) =>
  fetch(url).then(
    (r) => r.ok,
    () => false,
  );

describe.each(["serve", "start", "dev"])("npm run %s", (script) => {
  it("stops the server when npm alone gets SIGTERM", async () => {
    const port = await freePort();
    const npm = spawn("npm", ["run", script], {
      cwd: dir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        METRICS_PORT: "0",
        SHUTDOWN_DRAIN_MS: "200",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    npm.stdout.on("data", (d) => (output += d));
    npm.stderr.on("data", (d) => (output += d));
    const npmExited = once(npm, "exit");
    const url = `http://127.0.0.1:${port}/healthz`;
    let below: number[] = [];
    try {
      // start and dev build first.
      expect(await until(() => answers(url), 90_000), output).toBe(true);
      below = descendants(npm.pid!);
      expect(below.length).toBeGreaterThan(0);

      npm.kill("SIGTERM");
      await npmExited;
      expect(
        await until(() => below.every((pid) => !alive(pid)), 15_000),
        `still running: ${below.filter(alive).join(", ")}\n${output}`,
      ).toBe(true);
      expect(await answers(url)).toBe(false);
    } finally {
      for (const pid of [...descendants(npm.pid!), ...below].filter(alive)) process.kill(pid, "SIGKILL");
      npm.kill("SIGKILL");
    }
  }, 120_000);
});
