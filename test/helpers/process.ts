import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code; registered at spawn so a fast exit is never missed. */
  exited: Promise<number | null>;
  /** Sends SIGTERM (unless it already exited) and waits for the exit code. */
  stop(): Promise<number | null>;
}

export interface SpawnOptions {
  cwd?: string;
  /** Added to the environment (HOST=127.0.0.1, PORT=0 and LOG_LEVEL=info by default). */
  env?: Record<string, string>;
  /** Start from an empty environment (plus PATH) instead of this process's. */
  cleanEnv?: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the production server (node dist/server/main.js) without waiting for anything. */
export function spawnServerProcess(options: SpawnOptions = {}) {
  const base = options.cleanEnv ? { PATH: process.env.PATH ?? "" } : process.env;
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    cwd: options.cwd,
    env: { ...base, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = once(child, "exit").then(([code]) => code as number | null);
  return { child, output: () => output, exited };
}

/** Starts the production server and waits until it listens (and, by default, is ready). */
export async function startServerProcess(options: SpawnOptions & { waitReady?: boolean } = {}): Promise<ServerProcess> {
  const { child, output, exited } = spawnServerProcess(options);
  let port = 0;
  for (let i = 0; i < 300 && !port; i++) {
    port = Number(output().match(/"port":(\d+)/)?.[1] ?? 0);
    if (!port && child.exitCode !== null) break;
    if (!port) await sleep(50);
  }
  if (!port) {
    child.kill("SIGKILL");
    throw new Error(`the server did not start:\n${output()}`);
  }
  const url = `http://127.0.0.1:${port}`;
  if (options.waitReady !== false) {
    let ready = false;
    for (let i = 0; i < 300 && !ready; i++) {
      ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
      if (!ready) await sleep(50);
    }
    if (!ready) {
      child.kill("SIGKILL");
      throw new Error(`the server never turned ready:\n${output()}`);
    }
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    return exited;
  };
  return { child, port, url, output, exited, stop };
}
