import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../lib/freePort.ts";
import { until } from "../lib/until.ts";

const MAIN = "dist/server/main.js";
/** server/main.ts buffers log writes and flushes every 200 ms. */
const LOG_FLUSH_WAIT_MS = 400;

export type ProductionServer = Awaited<ReturnType<typeof startProductionServer>>;

export interface ProductionServerOptions {
  /** Working directory (the folder holding dist/ and node_modules). */
  cwd?: string;
}

/**
 * Spawns the production build (`node dist/server/main.js`) on 127.0.0.1 without waiting: for
 * tests of start-up itself. The environment is PATH plus what is given (NODE_ENV=production,
 * SHUTDOWN_DRAIN_MS=0, METRICS_PORT=0 and a queue file of its own unless given).
 */
export function spawnProductionServer(env: Record<string, string>, options: ProductionServerOptions = {}) {
  // A store of its own: processes of test files running side by side would otherwise share the
  // default one in ./data, and count each other's messages.
  const own = env.CONTACT_QUEUE_FILE ? undefined : mkdtempSync(join(tmpdir(), "production-server-"));
  const child = spawn(process.execPath, [MAIN], {
    cwd: options.cwd,
    // No lame-duck drain unless a test asks for one: stop() would otherwise wait 5 s each time.
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      SHUTDOWN_DRAIN_MS: "0",
      // No metrics listener unless a test asks for one: every process would bind the default
      // 9464, and test files running side by side would refuse each other's.
      METRICS_PORT: "0",
      ...(own ? { CONTACT_QUEUE_FILE: join(own, "queue.sqlite") } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  // Registered at spawn, so a process that exits at once is never missed.
  const exited = once(child, "exit").then(([code]) => {
    if (own) rmSync(own, { recursive: true, force: true });
    return code as number | null;
  });
  return { child, output: () => output, exited };
}

/** True once `url` answers 2xx, within 15 s and while the process lives. */
const poll = (url: string, alive: () => boolean) =>
  until(async () => (await fetch(url).catch(() => undefined))?.ok === true, { alive });

/**
 * Runs the production build on 127.0.0.1 with a free port, and resolves once /healthz answers:
 * it is ready then too, its pages loaded before it listens (test/server/cache-ready.test.ts);
 * the log level may hide the "listening" line.
 */
export async function startProductionServer(env: Record<string, string> = {}, options: ProductionServerOptions = {}) {
  const port = await freePort();
  const { child, output, exited } = spawnProductionServer({ ...env, PORT: String(port) }, options);
  const alive = () => child.exitCode === null && child.signalCode === null;
  const url = `http://127.0.0.1:${port}`;
  if (!(await poll(`${url}/healthz`, alive))) {
    child.kill("SIGKILL");
    throw new Error(`the production server did not start:\n${output()}`);
  }

  /** Parsed log lines, so far. */
  const logs = (): Array<Record<string, unknown>> =>
    output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    url,
    port,
    child,
    /** Everything the process printed (pino JSON lines), so far. */
    output,
    logs,
    /** Log lines once the server's buffered log writer has flushed (it flushes every 200 ms). */
    settledLogs: async () => {
      await new Promise((r) => setTimeout(r, LOG_FLUSH_WAIT_MS));
      return logs();
    },
    /** Resolves with the first log line whose msg is `msg`; rejects after `timeoutMs`. */
    async waitForLog(msg: string, timeoutMs = 30_000) {
      const line = () => logs().find((l) => l.msg === msg);
      await until(() => line() !== undefined, { timeoutMs, alive });
      // Looked for once more: a line written just before the process exited still counts.
      const found = line();
      if (!found) throw new Error(`no "${msg}" log line:\n${output()}`);
      return found;
    },
    /** Resident set size in bytes, from /proc. */
    rss: () => Number(readFileSync(`/proc/${child.pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/)![1]) * 1024,
    /** Resolves with the exit code once the process ended. */
    exited,
    /** SIGTERM (or the given signal) and wait for the exit; kills it if it outlives `timeoutMs`. */
    async stop(signal: NodeJS.Signals = "SIGTERM", timeoutMs = 15_000) {
      if (!alive()) return child.exitCode;
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
