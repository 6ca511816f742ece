import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { answers, freePort } from "../lib/freePort.ts";
import { until } from "../lib/until.ts";

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? "redis-server";

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, then SIGKILL); `start()` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** True when a Redis answers PING on the port. */
const ping = (port: number) => answers(port, { send: "PING\r\n", expect: "+PONG" });

/**
 * Debian's redis-server on a loopback port of its own, nothing written to disk. A missing
 * redis-server is a failure, never a skip (.ci/run installs it).
 */
export async function startRedisServer(wantedPort?: number, extraArgs: string[] = []): Promise<RedisServer> {
  if (spawnSync(REDIS_SERVER, ["--version"]).status !== 0) {
    throw new Error(`redis-server not found: install it (apt-get install -y redis-server) or set REDIS_SERVER_PATH.`);
  }
  const port = wantedPort ?? (await freePort());
  let child: ChildProcess | undefined;

  async function start() {
    const args = `--port ${port} --bind 127.0.0.1 --appendonly no --protected-mode yes --loglevel warning`.split(" ");
    const proc = spawn(REDIS_SERVER, [...args, "--save", "", ...extraArgs], { stdio: ["ignore", "pipe", "pipe"] });
    child = proc;
    let output = "";
    proc.stdout.on("data", (d) => (output += d));
    proc.stderr.on("data", (d) => (output += d));
    if (await until(() => ping(port), { timeoutMs: 5000, alive: () => proc.exitCode === null })) return;
    proc.kill("SIGKILL");
    throw new Error(`redis-server did not start on port ${port}:\n${output}`);
  }

  async function stop() {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = once(proc, "exit");
    proc.kill("SIGTERM");
    const timer = setTimeout(() => proc.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
}
