import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { Browser } from "playwright-core";
import { launchBrowser, newPage, viewports, waitForHydration, watchConsole } from "../../scripts/harness/browser.ts";
import { freePort } from "../../scripts/lib/freePort.ts";
import { spawnProductionServer } from "../../scripts/harness/productionServer.ts";
import { siteRoutes } from "../../shared/site.ts";
import { makeRelease } from "../helpers/release.ts";

// Skew protection (docs/decisions/018-skew-protection.md). In a rolling deploy two releases
// serve side by side behind the balancer, and a page of one release asks for hashed files that
// only its own release has. Here: three production processes, two of release A (the build in
// dist/) and one of release B (a copy of it whose every hashed file has another name, the worst
// case of a client change), behind Debian's haproxy run with deploy/haproxy.cfg. Pages of both
// releases are loaded in Chromium: A's pages ask B's replica for A's files and B's pages ask A's
// replicas for B's, the forward and the backward (rollback) direction of one deploy at once.
// Without the mechanism (the config's assets backend taken out) the same loads fail.

const HAPROXY = process.env.HAPROXY_PATH ?? "/usr/sbin/haproxy";
const LOADS_PER_ROUTE = 2;

let browser: Browser;
let releaseB: string;
/** The balancer's port: fixed, so the replicas' SITE_URL names it for both configurations. */
let lbPort: number;
const replicas: Array<{ child: ChildProcess; port: number; exited: Promise<unknown> }> = [];

async function startReplica(cwd: string | undefined, port: number) {
  const { child, exited, output } = spawnProductionServer(
    { PORT: String(port), SITE_URL: `http://127.0.0.1:${lbPort}`, TRUST_PROXY: "loopback" },
    cwd ? { cwd } : {},
  );
  replicas.push({ child, port, exited });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`replica on ${port} exited:\n${output()}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`replica on ${port} not ready:\n${output()}`);
}

/** deploy/haproxy.cfg on loopback ports; `withAssetsBackend: false` takes the mechanism out. */
function haproxyConfig(withAssetsBackend: boolean): string {
  let cfg = readFileSync("deploy/haproxy.cfg", "utf8");
  const servers = replicas.map((r, i) => `    server site${i + 1} 127.0.0.1:${r.port}`).join("\n");
  cfg = cfg.replace(/^\s*bind :8080$/m, `    bind 127.0.0.1:${lbPort}`);
  cfg = cfg.replace(/^resolvers docker\n(?:[ \t]+.*\n|[ \t]*\n)*?(?=\S)/m, "");
  expect(cfg).toMatch(/^\s*server-template site \d+ site:3000 .*$/m);
  cfg = cfg.replace(/^\s*server-template site \d+ site:3000 .*$/gm, servers);
  expect(cfg).toMatch(/^\s*use_backend assets if .*$/m);
  if (!withAssetsBackend) cfg = cfg.replace(/^\s*use_backend assets if .*$/m, "");
  return cfg;
}

async function withHaproxy<T>(withAssetsBackend: boolean, run: (url: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "skew-haproxy-"));
  writeFileSync(join(dir, "haproxy.cfg"), haproxyConfig(withAssetsBackend));
  const haproxy = spawn(HAPROXY, ["-db", "-f", join(dir, "haproxy.cfg")], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  haproxy.stderr.on("data", (d) => (errors += d));
  try {
    const url = `http://127.0.0.1:${lbPort}`;
    for (let i = 0; ; i++) {
      if (haproxy.exitCode !== null) throw new Error(`haproxy exited:\n${errors}`);
      if (
        (await fetch(`${url}/healthz`).then(
          (r) => r.status,
          () => 0,
        )) === 200
      )
        break;
      if (i > 100) throw new Error(`haproxy not answering:\n${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return await run(url);
  } finally {
    haproxy.kill("SIGKILL");
    await once(haproxy, "exit").catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Loads {
  pages: number;
  /** Asset answers that were not 200 (or failed), as "status url". */
  failedAssets: string[];
  consoleProblems: string[];
  notHydrated: string[];
  /** Which release served each page, by its entry script's name. */
  releases: Set<string>;
}

/** Every route LOADS_PER_ROUTE times, each in a fresh context (no cache), hydrated. */
async function loadEveryRoute(url: string, stopAtFirstFailure = false): Promise<Loads> {
  const loads: Loads = { pages: 0, failedAssets: [], consoleProblems: [], notHydrated: [], releases: new Set() };
  for (let round = 0; round < LOADS_PER_ROUTE; round++)
    for (const { path } of siteRoutes) {
      const { context, page } = await newPage(browser, viewports.mobile);
      const problems = watchConsole(page);
      page.on("response", (response) => {
        const { pathname } = new URL(response.url());
        if (pathname.startsWith("/assets/") && response.status() !== 200)
          loads.failedAssets.push(`${response.status()} ${pathname}`);
      });
      page.on("requestfailed", (request) => loads.failedAssets.push(`failed ${request.url()}`));
      try {
        await page.goto(url + path);
        const entry = await page.evaluate(
          () => document.querySelector<HTMLScriptElement>("script[type=module][src]")?.src ?? "",
        );
        loads.releases.add(basename(entry).includes("-b.") ? "B" : "A");
        // Without the mechanism a page whose script failed never hydrates: no wait for it there.
        if (!stopAtFirstFailure) await waitForHydration(page).catch(() => loads.notHydrated.push(path));
        loads.pages++;
      } finally {
        loads.consoleProblems.push(...problems.map((p) => `${path}: ${p}`));
        await context.close();
      }
      if (stopAtFirstFailure && loads.failedAssets.length > 0) return loads;
    }
  return loads;
}

beforeAll(async () => {
  expect(existsSync(HAPROXY), `${HAPROXY} not found: apt-get install -y haproxy (or set HAPROXY_PATH)`).toBe(true);
  expect(existsSync("dist/server/main.js"), "run npm run build first").toBe(true);
  releaseB = makeRelease("b");
  browser = await launchBrowser();
  lbPort = await freePort();
  const ports = await Promise.all([freePort(), freePort(), freePort()]);
  await Promise.all([
    startReplica(undefined, ports[0]),
    startReplica(releaseB, ports[1]),
    startReplica(undefined, ports[2]),
  ]);
});

afterAll(async () => {
  await browser?.close();
  for (const { child, exited } of replicas) {
    child.kill("SIGKILL");
    await exited;
  }
  if (releaseB) rmSync(releaseB, { recursive: true, force: true });
});

describe("two releases side by side behind the shipped haproxy config", () => {
  it("serves every asset of pages of either release, and every page hydrates with a clean console", async () => {
    const loads = await withHaproxy(true, (url) => loadEveryRoute(url));
    console.log(
      `skew: ${loads.pages} page loads over releases ${[...loads.releases].sort().join("+")}: ` +
        `${loads.failedAssets.length} failed assets, ${loads.consoleProblems.length} console problems`,
    );
    // Pages of both releases were loaded (round robin over A, B, A).
    expect([...loads.releases].sort()).toEqual(["A", "B"]);
    expect(loads.failedAssets).toEqual([]);
    expect(loads.notHydrated).toEqual([]);
    expect(loads.consoleProblems).toEqual([]);
  });

  it("later in the deploy (two of B, one of A) the same: forward and back are both whole", async () => {
    // Replica 1 (A) becomes B: the fleet is B, B, A, as late in a rollout or early in a rollback.
    const [old] = replicas.splice(0, 1);
    old!.child.kill("SIGKILL");
    await old!.exited;
    await startReplica(releaseB, old!.port);
    const loads = await withHaproxy(true, (url) => loadEveryRoute(url));
    console.log(`skew (B, B, A): ${loads.pages} page loads, ${loads.failedAssets.length} failed assets`);
    expect([...loads.releases].sort()).toEqual(["A", "B"]);
    expect(loads.failedAssets).toEqual([]);
    expect(loads.notHydrated).toEqual([]);
    expect(loads.consoleProblems).toEqual([]);
  });

  it("without the assets backend, the same loads fail: the mechanism is what keeps them whole", async () => {
    const loads = await withHaproxy(false, (url) => loadEveryRoute(url, true));
    console.log(
      `skew without the mechanism: ${loads.failedAssets.length} failed assets, e.g. ${loads.failedAssets[0]}`,
    );
    expect(loads.failedAssets.length).toBeGreaterThan(0);
  });
});
