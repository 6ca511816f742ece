import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { siteRoutes } from "../../shared/site.ts";
import { startUpstream, type FakeUpstream } from "../../scripts/harness/contactUpstream.ts";
import { spawnProductionServer } from "../../scripts/harness/productionServer.ts";
import { startRedisServer, type RedisServer } from "../../scripts/harness/redisServer.ts";
import { freePort } from "../../scripts/lib/freePort.ts";

// A fleet on one machine, all real parts: three production processes, Debian's haproxy run with
// deploy/haproxy.cfg (loopback ports substituted), one redis-server for the shared contact limit.
// Under load through the balancer, each replica is restarted in turn (SIGTERM, exit, start):
// no request may fail. Then one replica is SIGKILLed: the few requests lost before the balancer
// notices are counted, and the fleet must recover.

const HAPROXY = process.env.HAPROXY_PATH ?? "/usr/sbin/haproxy";
const CONTACT = "/api/Geography/addContactUs";
const PAGES = siteRoutes.map((route) => route.path);
const MESSAGE = JSON.stringify({
  name: "Fleet Test",
  email: "fleet@example.org",
  phone: "5551234567",
  subject: "Rolling",
  message: "Still here?",
});
const RATE_LIMIT_MAX = 5;
/**
 * Shorter than deploy's 5 s to keep the test short. The balancer takes a replica out 1 to 2 s
 * after SIGTERM (deploy/haproxy.cfg's checks, on a busy machine): 4 s leaves a margin.
 */
const DRAIN_MS = 4000;
const WORKERS = 6;

type Kind = "ok" | "limited" | "http-error" | "socket-error";
interface Outcome {
  kind: Kind;
  status: number;
  code?: string;
  method: string;
  started: number;
  ms: number;
}

interface Replica {
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

let dir: string;
let redis: RedisServer | undefined;
let upstream: FakeUpstream | undefined;
let haproxy: ChildProcess | undefined;
let haproxyOutput = "";
let lbPort: number;
const replicas: Replica[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const status = (url: string) =>
  fetch(url).then(
    (r) => r.status,
    () => 0,
  );

function replicaEnv(name: string, port: number): Record<string, string> {
  return {
    PORT: String(port),
    TRUST_PROXY: "1",
    REDIS_URL: redis!.url,
    CONTACT_UPSTREAM_URL: upstream!.url,
    CONTACT_QUEUE_FILE: join(dir, `${name}.ndjson`),
    RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
    RATE_LIMIT_WINDOW_MS: "600000",
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    SHUTDOWN_GRACE_MS: "10000",
  };
}

/** Starts (or restarts) replica `i` on its port; resolves once /readyz answers 200 and Redis is connected. */
async function startReplica(i: number, port: number): Promise<number> {
  const name = `site${i + 1}`;
  const started = performance.now();
  const { child, output, exited } = spawnProductionServer(replicaEnv(name, port));
  replicas[i] = { name, port, child, output, exited };
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited:\n${output()}`);
      return (await status(`http://127.0.0.1:${port}/readyz`)) === 200;
    },
    30_000,
    `${name} ready`,
  );
  const readyMs = performance.now() - started;
  await until(() => output().includes("Redis connected"), 10_000, `${name} connected to Redis`);
  return readyMs;
}

/** deploy/haproxy.cfg with the replicas on loopback ports and a stats socket for the test. */
function haproxyConfig(ports: number[], socket: string): string {
  let cfg = readFileSync("deploy/haproxy.cfg", "utf8");
  const replace = (pattern: RegExp, by: string) => {
    expect(cfg, `deploy/haproxy.cfg no longer has ${pattern}`).toMatch(pattern);
    cfg = cfg.replace(pattern, by);
  };
  replace(/^global$/m, `global\n    stats socket ${socket} level admin`);
  replace(/^(\s*)bind :8080$/m, `$1bind 127.0.0.1:${lbPort}`);
  // Docker's DNS is not here: the replicas are named by loopback address instead.
  replace(/^resolvers docker\n(?:[ \t]+.*\n|[ \t]*\n)*?(?=\S)/m, "");
  replace(
    // Every backend's (pages and the hashed files' alike).
    /^(\s*)server-template site 3 site:3000 .*$/gm,
    ports.map((port, i) => `$1server site${i + 1} 127.0.0.1:${port}`).join("\n"),
  );
  return cfg;
}

/** One admin-socket command to the running haproxy. */
function haproxyCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = connect(socket);
    let text = "";
    client.on("data", (d: Buffer) => (text += d.toString()));
    client.on("end", () => resolve(text));
    client.on("error", reject);
    client.write(`${command}\n`);
  });
}

/** `show stat` of the site backend: one record per server, and the BACKEND row. */
async function siteStats(socket: string): Promise<Array<Record<string, string>>> {
  const [header, ...rows] = (await haproxyCommand(socket, "show stat")).trim().split("\n");
  const columns = header!.replace(/^# /, "").split(",");
  return rows
    .map((row) => Object.fromEntries(row.split(",").map((value, i) => [columns[i]!, value])))
    .filter((r) => r.pxname === "site");
}

/** The balancer's view: "UP", "DOWN", "UP 1/2"... for each server of the site backend. */
async function serverStates(socket: string): Promise<Record<string, string>> {
  const rows = (await siteStats(socket)).filter((r) => r.svname?.startsWith("site"));
  return Object.fromEntries(rows.map((r) => [r.svname!, r.status!]));
}

/** Requests the balancer had to retry (wretr) or send to another replica (wredis) so far. */
async function retries(socket: string): Promise<{ retried: number; redispatched: number }> {
  const backend = (await siteStats(socket)).find((r) => r.svname === "BACKEND")!;
  return { retried: Number(backend.wretr), redispatched: Number(backend.wredis) };
}

const agent = new Agent({ keepAlive: true, maxSockets: WORKERS * 2 });

function send(method: "GET" | "POST", path: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (kind: Kind, statusCode = 0, code?: string) =>
      resolve({
        kind,
        status: statusCode,
        method,
        started,
        ms: performance.now() - started,
        ...(code ? { code } : {}),
      });
    const body = method === "POST" ? MESSAGE : undefined;
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: lbPort,
        path,
        method,
        agent,
        timeout: 15_000,
        headers: body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {},
      },
      (res) => {
        res.resume();
        res.on("end", () => {
          const s = res.statusCode ?? 0;
          if (s >= 200 && s < 300) done("ok", s);
          else if (s === 429 && method === "POST") done("limited", s);
          else done("http-error", s);
        });
        res.on("error", (err: NodeJS.ErrnoException) =>
          done("socket-error", res.statusCode ?? 0, err.code ?? err.message),
        );
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", (err: NodeJS.ErrnoException) => done("socket-error", 0, err.code ?? err.message));
    req.end(body);
  });
}

/** Workers that keep the fleet busy (pages, and one contact post in ten) until stopped. */
function startLoad() {
  const outcomes: Outcome[] = [];
  let running = true;
  const workers = Array.from({ length: WORKERS }, async (_, w) => {
    for (let n = 0; running; n++) {
      const outcome = n % 10 === 9 ? await send("POST", CONTACT) : await send("GET", PAGES[(w + n) % PAGES.length]!);
      outcomes.push(outcome);
      await sleep(2);
    }
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
}

function summary(label: string, outcomes: Outcome[], balancer?: { retried: number; redispatched: number }) {
  const count = (kind: Kind) => outcomes.filter((o) => o.kind === kind).length;
  const errors = outcomes.filter((o) => o.kind === "http-error" || o.kind === "socket-error");
  const byKind = [...new Set(errors.map((o) => (o.kind === "http-error" ? String(o.status) : o.code)))]
    .map((k) => `${k} x${errors.filter((o) => (o.kind === "http-error" ? String(o.status) : o.code) === k).length}`)
    .join(", ");
  return {
    phase: label,
    requests: outcomes.length,
    "2xx": count("ok"),
    "429s": count("limited"),
    "http errors": count("http-error"),
    "socket errors": count("socket-error"),
    failures: byKind || "-",
    "p50 ms": Math.round(
      percentile(
        outcomes.map((o) => o.ms),
        50,
      ),
    ),
    "p99 ms": Math.round(
      percentile(
        outcomes.map((o) => o.ms),
        99,
      ),
    ),
    "lb retries": balancer ? `${balancer.retried} (${balancer.redispatched} redispatched)` : "-",
  };
}

const rss = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;

beforeAll(async () => {
  expect(
    spawnSync(HAPROXY, ["-v"]).status,
    `${HAPROXY} not found: apt-get install -y haproxy (or set HAPROXY_PATH)`,
  ).toBe(0);
  dir = mkdtempSync(join(tmpdir(), "fleet-"));
  [redis, upstream, lbPort] = await Promise.all([startRedisServer(), startUpstream(200), freePort()]);
});

afterAll(async () => {
  agent.destroy();
  for (const r of replicas) if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill("SIGKILL");
  if (haproxy && haproxy.exitCode === null) {
    haproxy.kill("SIGKILL");
    await once(haproxy, "exit");
  }
  await Promise.all(replicas.map((r) => r.exited));
  await upstream?.close();
  await redis?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("a fleet of three behind haproxy", () => {
  it("restarts each replica under load without a failed request, and survives a SIGKILL", async () => {
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    const firstReady = await Promise.all(ports.map((port, i) => startReplica(i, port)));

    const socket = join(dir, "haproxy.sock");
    const cfgFile = join(dir, "haproxy.cfg");
    writeFileSync(cfgFile, haproxyConfig(ports, socket));
    expect(spawnSync(HAPROXY, ["-c", "-q", "-f", cfgFile]).status, "haproxy -c").toBe(0);
    haproxy = spawn(HAPROXY, ["-db", "-f", cfgFile], { stdio: ["ignore", "pipe", "pipe"] });
    haproxy.stdout!.on("data", (d) => (haproxyOutput += d));
    haproxy.stderr!.on("data", (d) => (haproxyOutput += d));
    const allUp = async () => {
      const states = await serverStates(socket).catch(() => ({}));
      return Object.keys(states).length === 3 && Object.values(states).every((s) => s === "UP");
    };
    await until(allUp, 20_000, `haproxy to see all three replicas up:\n${haproxyOutput}`);

    // The contact limit is shared: 3 x the limit posted round-robin over three replicas, and
    // exactly the limit goes through.
    const shared: number[] = [];
    for (let n = 0; n < 3 * RATE_LIMIT_MAX; n++) shared.push((await send("POST", CONTACT)).status);
    expect(shared.filter((s) => s === 200)).toHaveLength(RATE_LIMIT_MAX);
    expect(shared.filter((s) => s === 429)).toHaveLength(2 * RATE_LIMIT_MAX);
    // The replicas flush their logs every 200 ms.
    for (const r of replicas) await until(() => r.output().includes(CONTACT), 5000, `${r.name}'s log of a post`);

    // Rolling restart under load.
    const retriesBefore = await retries(socket);
    const load = startLoad();
    await until(() => load.outcomes.length >= 50, 10_000, "the load under way");
    const restarts: Array<Record<string, string | number>> = [];
    for (let i = 0; i < 3; i++) {
      const replica = replicas[i]!;
      const t0 = performance.now();
      const exit = replica.exited.then((code) => ({ code, ms: performance.now() - t0 }));
      replica.child.kill("SIGTERM");
      // The balancer sees /readyz 503 and takes it out while it still serves.
      await until(
        async () => (await serverStates(socket))[replica.name]?.startsWith("DOWN") ?? false,
        DRAIN_MS + 5000,
        `${replica.name} DOWN`,
      );
      const outMs = performance.now() - t0;
      const { code, ms: exitMs } = await exit;
      expect(code, `${replica.name} exit code`).toBe(0);
      const readyMs = await startReplica(i, replica.port);
      const t1 = performance.now();
      await until(async () => (await serverStates(socket))[replica.name] === "UP", 20_000, `${replica.name} back UP`);
      restarts.push({
        replica: replica.name,
        "out of rotation ms": Math.round(outMs),
        "exit 0 ms": Math.round(exitMs),
        "start to ready ms": Math.round(readyMs),
        "ready to UP ms": Math.round(performance.now() - t1),
      });
    }
    // The fleet serves on a while with all three back before the next phase.
    const backAt = load.outcomes.length;
    await until(() => load.outcomes.length >= backAt + 50, 10_000, "requests to the fleet back at three");
    const rollingCount = load.outcomes.length;
    const retriesRolling = await retries(socket);

    // SIGKILL: no drain, connections reset; the balancer notices by its checks and retries.
    const victim = replicas[1]!;
    const killedAt = performance.now();
    victim.child.kill("SIGKILL");
    await victim.exited;
    await until(
      async () => (await serverStates(socket))[victim.name]?.startsWith("DOWN") ?? false,
      10_000,
      `${victim.name} DOWN after SIGKILL`,
    );
    const noticedMs = performance.now() - killedAt;
    const killRestartReady = await startReplica(1, victim.port);
    await until(allUp, 20_000, "the fleet back to three");
    const recoveredAt = performance.now();
    await until(
      () => load.outcomes.filter((o) => o.started > recoveredAt).length >= 50,
      10_000,
      "requests to the recovered fleet",
    );
    await load.stop();
    const peakRss = Math.max(...replicas.map((r) => rss(r.child.pid!)));
    const retriesEnd = await retries(socket);
    const delta = (a: typeof retriesEnd, b: typeof retriesEnd) => ({
      retried: a.retried - b.retried,
      redispatched: a.redispatched - b.redispatched,
    });

    const rolling = load.outcomes.slice(0, rollingCount);
    const killPhase = load.outcomes.slice(rollingCount);
    const afterRecovery = killPhase.filter((o) => o.started > recoveredAt);
    const rows = [
      summary("rolling restarts", rolling, delta(retriesRolling, retriesBefore)),
      summary("SIGKILL one", killPhase, delta(retriesEnd, retriesRolling)),
      summary("after recovery", afterRecovery),
    ];
    console.log(
      [
        `fleet: 3 replicas + haproxy ${spawnSync(HAPROXY, ["-v"]).stdout.toString().split(" ")[2]} + redis-server, ${WORKERS} clients, drain ${DRAIN_MS} ms`,
        `first start to ready: ${firstReady.map((ms) => Math.round(ms)).join(" / ")} ms; shared limit: ${shared.filter((s) => s === 200).length} of ${shared.length} posts accepted (limit ${RATE_LIMIT_MAX})`,
        `SIGKILL: ${killPhase.filter((o) => o.kind === "http-error" || o.kind === "socket-error").length} requests failed; noticed by the balancer after ${Math.round(noticedMs)} ms; restarted to ready in ${Math.round(killRestartReady)} ms; peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB (Kubernetes limit 256 MiB)`,
      ].join("\n"),
    );
    console.table(rows);
    console.table(restarts);

    // Rolling restarts: not one failure, only the expected 429s; and none saved by a balancer
    // retry: each replica left rotation while it still served (with no drain, haproxy's retries
    // would hide refused connections here, and a balancer without retries would fail them).
    expect(rolling.length).toBeGreaterThan(100);
    expect(delta(retriesRolling, retriesBefore)).toEqual({ retried: 0, redispatched: 0 });
    for (const r of restarts) expect(r["out of rotation ms"]).toBeLessThan(r["exit 0 ms"] as number);
    expect(rolling.filter((o) => o.kind === "http-error" || o.kind === "socket-error")).toEqual([]);
    expect(rolling.filter((o) => o.kind === "limited").every((o) => o.method === "POST")).toBe(true);
    // SIGKILL: only what was in flight on the victim may fail (haproxy retries the rest).
    const killFailures = killPhase.filter((o) => o.kind === "http-error" || o.kind === "socket-error");
    expect(killFailures.length).toBeLessThanOrEqual(WORKERS);
    expect(killFailures.every((o) => o.started < killedAt + noticedMs)).toBe(true);
    expect(afterRecovery.length).toBeGreaterThan(0);
    expect(afterRecovery.filter((o) => o.kind === "http-error" || o.kind === "socket-error")).toEqual([]);
  }, 120_000);
});
