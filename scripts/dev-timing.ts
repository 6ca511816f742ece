// Measures the dev loop as a developer feels it: from saving a file to the open page showing the
// change. Starts `scripts/dev.ts` on a free port, opens the home page in Chromium, then saves
// edits the way many editors do (write a temporary file, rename it over the original) and waits
// for the page: a stylesheet change (swapped without a reload), a client-only change (reload),
// a component the server also renders (server restart, then reload), a server change (restart,
// then reload), and a syntax error (the error overlay, then gone once fixed). Every file is put
// back as it was. Usage: npm run dev:timing [-- --runs 3]
import { spawn } from "node:child_process";
import { readFile, rename, writeFile } from "node:fs/promises";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import type { Page } from "playwright-core";
import { launchBrowser, watchConsole } from "./harness/browser.ts";
import { freePort } from "./lib/freePort.ts";

const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const WAIT_MS = 20_000;

const originals = new Map<string, string>();

/** Saves like an editor that writes a new file and renames it over the old one. */
async function save(file: string, text: string): Promise<void> {
  if (!originals.has(file)) originals.set(file, await readFile(file, "utf8"));
  const temp = `${file}.dev-timing~`;
  await writeFile(temp, text);
  await rename(temp, file);
}

async function restoreAll(): Promise<void> {
  for (const [file, text] of originals) await save(file, text);
  originals.clear();
}

interface Scenario {
  name: string;
  file: string;
  edit: (original: string, n: number) => string;
  /** Resolves when the page shows edit n. */
  seen: (page: Page, n: number) => Promise<unknown>;
}

const probe = (name: string) => (original: string, n: number) =>
  `${original}\n(globalThis as Record<string, unknown>)[${JSON.stringify(name)}] = "${n}";\n`;
const reloadedWith = (name: string) => async (page: Page, n: number) => {
  await page.waitForFunction(
    ([key, value]) => (globalThis as Record<string, unknown>)[key!] === value,
    [name, String(n)],
    {
      timeout: WAIT_MS,
      polling: 10,
    },
  );
};

const scenarios: Scenario[] = [
  {
    name: "stylesheet (swapped, no reload)",
    file: "client/styles/index.css",
    edit: (original, n) => `${original}\n:root { --dev-timing: "${n}"; }\n`,
    seen: (page, n) =>
      page.waitForFunction(
        (value) => getComputedStyle(document.documentElement).getPropertyValue("--dev-timing").trim() === `"${value}"`,
        n,
        {
          timeout: WAIT_MS,
          polling: 10,
        },
      ),
  },
  {
    name: "client-only code (reload)",
    file: "client/entry.client.tsx",
    edit: probe("devTimingClient"),
    seen: reloadedWith("devTimingClient"),
  },
  {
    name: "component, client + SSR (server restart, reload)",
    file: "client/App.tsx",
    edit: probe("devTimingApp"),
    seen: reloadedWith("devTimingApp"),
  },
  {
    name: "server code (server restart, reload)",
    file: "server/errors.ts",
    edit: probe("devTimingServer"),
    // Runs on the server only: the page shows it by reloading (the mark set before the edit is gone).
    seen: (page) =>
      page.waitForFunction(() => !("devTimingMark" in window) && document.readyState === "complete", undefined, {
        timeout: WAIT_MS,
        polling: 10,
      }),
  },
];

/** Marks the page (a reload clears the mark), once any reload in progress has finished. */
async function markPage(page: Page): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.waitForLoadState("load");
      await page.evaluate(() => Object.assign(window, { devTimingMark: true }));
      return;
    } catch (error) {
      if (attempt > 20) throw error;
      await sleep(250);
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const port = await freePort();
  const dev = spawn(process.execPath, ["--import", "tsx", "scripts/dev.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  dev.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const startedAt = performance.now();
  const browser = await launchBrowser();
  try {
    while (!output.includes("ready on")) {
      if (dev.exitCode !== null) throw new Error(`dev exited early:\n${output}`);
      if (performance.now() - startedAt > 60_000) throw new Error(`dev not ready after 60 s:\n${output}`);
      await sleep(20);
    }
    console.log(`first ready: ${Math.round(performance.now() - startedAt)} ms`);
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: "load" });

    let n = 0;
    const medians: [string, number][] = [];
    for (const scenario of scenarios) {
      const times: number[] = [];
      const original = await readFile(scenario.file, "utf8");
      for (let run = 0; run < RUNS; run++) {
        n++;
        await markPage(page);
        const started = performance.now();
        await save(scenario.file, scenario.edit(original, n));
        await scenario.seen(page, n);
        times.push(Math.round(performance.now() - started));
        await sleep(300);
      }
      const rebuilds = output.split(" rebuilt in ").length;
      await restoreAll();
      // Let the restore's own rebuild (and reload) finish before the next scenario starts.
      while (output.split(" rebuilt in ").length === rebuilds && performance.now() - startedAt < 600_000)
        await sleep(50);
      medians.push([scenario.name, median(times)]);
      console.log(
        `${scenario.name}: median ${median(times)} ms, max ${Math.max(...times)} ms (runs: ${times.join(", ")} ms)`,
      );
      await sleep(1500);
    }

    // A syntax error shows over the page; fixing it takes the overlay away.
    const broken = "client/App.tsx";
    const text = await readFile(broken, "utf8");
    let started = performance.now();
    await save(broken, `${text}\nexport const = ;\n`);
    await page.waitForSelector("#__dev-overlay", { timeout: WAIT_MS });
    console.log(`build error: overlay shown after ${Math.round(performance.now() - started)} ms`);
    started = performance.now();
    await restoreAll();
    await page.waitForSelector("#__dev-overlay", { state: "detached", timeout: WAIT_MS });
    console.log(`build fixed: overlay gone after ${Math.round(performance.now() - started)} ms`);
    const unexpected = problems.filter((problem) => !problem.includes("/__dev/events"));
    if (unexpected.length > 0) console.log(`browser console:\n  ${unexpected.join("\n  ")}`);
    // The machine is shared, so absolute times drift: the old loop's first step, a production
    // build (before it restarted the server and waited for a manual refresh), in the same run.
    const buildStarted = performance.now();
    const built = spawn(process.execPath, ["--import", "tsx", "scripts/build.ts"], { stdio: "ignore" });
    await new Promise((done) => built.once("exit", done));
    const buildMs = Math.round(performance.now() - buildStarted);
    console.log(
      `same run, production build alone (the old dev loop's rebuild): ${buildMs} ms; load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    for (const [name, ms] of medians) console.log(`  ${name}: ${(ms / buildMs).toFixed(2)} of it`);
    console.log(
      `dev's own lines:\n${output
        .split("\n")
        .filter((line) => line.includes("[dev]"))
        .join("\n")}`,
    );
  } finally {
    await restoreAll();
    await browser.close();
    await sleep(1500); // let the watcher see the restored files before dev stops
    dev.kill("SIGTERM");
    await new Promise((done) => dev.once("exit", done));
    console.log("dev stopped on SIGTERM");
  }
}

process.on("SIGINT", () => void restoreAll().finally(() => process.exit(130)));
await main();
