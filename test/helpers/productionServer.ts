import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { freePort } from "./redisServer.ts";

const MAIN = "dist/server/main.js";

export interface ProductionServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed (pino JSON lines), so far. */
  output(): string;
  /** Parsed log lines, so far. */
  logs(): Array<Record<string, unknown>>;
  /** Resident set size in bytes, from /proc. */
  rss(): number;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  /** SIGTERM (or the given signal) and wait for the exit; kills it if it outlives `timeoutMs`. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
}

/**
 * Runs the production build (`node dist/server/main.js`) on 127.0.0.1 with a free port, and
 * resolves once /healthz answers (the log level may hide the "listening" line).
 */
export async function startProductionServer(env: Record<string, string> = {}): Promise<ProductionServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", LOG_LEVEL: "info", HOST: "127.0.0.1", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = once(child, "exit").then(([code]) => code as number | null);

  let up = false;
  for (let i = 0; i < 200 && !up && child.exitCode === null; i++) {
    up = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (!up) await new Promise((r) => setTimeout(r, 50));
  }
  if (!up) {
    child.kill("SIGKILL");
    throw new Error(`the production server did not start:\n${output}`);
  }

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => output,
    logs: () =>
      output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    rss: () => Number(readFileSync(`/proc/${child.pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/)![1]) * 1024,
    exited,
    async stop(signal = "SIGTERM", timeoutMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
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
