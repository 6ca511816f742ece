// Load benchmark: our server against the limit, a bare node:http server writing the same bytes.
// Usage: npm run bench [-- --profile]
//
// Builds, then runs one after the other on loopback only: (a) bare node:http writing each
// target's exact bytes, (b) the production server (render cache on), (c) the production server
// with RENDER_CACHE=off. Each target is loaded with wrk (Debian: apt-get install -y wrk; without
// it autocannon is used, with a warning): 64 connections, 10 s, Accept-Encoding: br, after 2 s of
// unrecorded warm-up per target.
// Also measured: time from process start to /readyz 200, time to first byte of an uncached
// render, and the server's RSS before and after 100,000 requests. Figures go to stdout and to
// reports/bench.json. --profile also runs (c) under `node --cpu-prof` and prints where its time
// goes (reports/cpu-uncached.cpuprofile).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { request } from "node:http";
import { createServer } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { build } from "./build.ts";

const TARGETS = ["/", "/Category", "/TermsCondition"];
const CONNECTIONS = 64;
const DURATION_S = 10;
const COUNTED_REQUESTS = 100_000;
const HEADERS = { "Accept-Encoding": "br" };
const HOST = "127.0.0.1"; // loopback only
const REPORTS = "reports";

interface Load {
  rps: number;
  /** CPU time of the server process per request (user + system): unaffected by other load. */
  cpuUsPerRequest?: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
}

const hasWrk = !spawnSync("wrk", ["-v"]).error;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, HOST);
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}

/** User + system CPU time of a process, in microseconds (clock ticks are 10 ms on Linux). */
function cpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

function rssMb(pid: number): number {
  const kb = Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}

/** Status, headers and the time to the first byte of the response, body left encoded. */
function fetchRaw(port: number, path: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer; ttfbMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request({ host: HOST, port, path, headers: HEADERS, agent: false }, (res) => {
      const ttfbMs = performance.now() - started;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks), ttfbMs }));
    });
    req.on("error", reject);
    req.end();
  });
}

interface Running {
  child: ChildProcess;
  port: number;
  readyMs: number;
  stop(): Promise<void>;
}

/** Starts a process and waits until `readyPath` answers 200; the clock starts at spawn. */
async function startProcess(args: string[], env: Record<string, string>, readyPath: string): Promise<Running> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", HOST, PORT: String(port), ...env },
    // The access log is written as in production and dropped: its cost stays in the figures.
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited ${child.exitCode}: ${stderr}`);
    const status = await fetchRaw(port, readyPath).then((r) => r.status, () => 0);
    if (status === 200) break;
    if (performance.now() - started > 30_000) throw new Error(`${args.join(" ")} not ready after 30 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  const readyMs = Math.round(performance.now() - started);
  return {
    child,
    port,
    readyMs,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}

const toMs = (value: string, unit: string) => Number(value) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);

function parseWrk(output: string): Load {
  const latency = (pct: string) => {
    const m = output.match(new RegExp(`^\\s+${pct}%\\s+([\\d.]+)(us|ms|s)\\s*$`, "m"));
    return m ? Math.round(toMs(m[1]!, m[2]!) * 100) / 100 : NaN;
  };
  const errors =
    Number(output.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0) +
    [...output.matchAll(/(connect|read|write|timeout) (\d+)/g)].reduce((sum, m) => sum + Number(m[2]), 0);
  return {
    rps: Math.round(Number(output.match(/Requests\/sec:\s+([\d.]+)/)?.[1])),
    p50Ms: latency("50"),
    p99Ms: latency("99"),
    requests: Number(output.match(/(\d+) requests in/)?.[1]),
    errors,
  };
}

async function load(port: number, path: string, counted?: number, durationS = DURATION_S): Promise<Load> {
  const url = `http://${HOST}:${port}${path}`;
  if (hasWrk) {
    const args = ["-t2", `-c${CONNECTIONS}`, `-d${counted ? 120 : durationS}s`, "--latency", "-H", `Accept-Encoding: ${HEADERS["Accept-Encoding"]}`];
    let script: string | undefined;
    if (counted) {
      // Each wrk thread has its own Lua state: each stops after its half of the requests.
      script = join(mkdtempSync(join(tmpdir(), "bench-")), "count.lua");
      writeFileSync(script, `local n = 0\nresponse = function()\n  n = n + 1\n  if n >= ${counted / 2} then wrk.thread:stop() end\nend\n`);
      args.push("-s", script);
    }
    const run = spawn("wrk", [...args, url], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    run.stdout.on("data", (d) => (out += d));
    await once(run, "exit");
    return parseWrk(out);
  }
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    headers: HEADERS,
    ...(counted ? { amount: counted } : { duration: durationS }),
  });
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Seconds of unrecorded load per target first: JIT, the cache's background recompression. */
const WARM_UP_S = 2;

async function loadAll(name: string, server: Running): Promise<Record<string, Load>> {
  const out: Record<string, Load> = {};
  for (const path of TARGETS) await load(server.port, path, undefined, WARM_UP_S);
  for (const path of TARGETS) {
    const before = cpuUs(server.child.pid!);
    const l = await load(server.port, path);
    l.cpuUsPerRequest = Math.round((cpuUs(server.child.pid!) - before) / l.requests);
    out[path] = l;
    console.log(
      `  ${name} ${path.padEnd(16)} ${String(l.rps).padStart(7)} req/s  p50 ${l.p50Ms} ms  p99 ${l.p99Ms} ms  server CPU ${l.cpuUsPerRequest} µs/req${l.errors ? `  ERRORS ${l.errors}` : ""}`,
    );
  }
  return out;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Share of busy time (inclusive: a stack counts once per layer it passes through) by layer. */
const LAYERS: Record<string, RegExp> = {
  "react-dom/server (render)": /react-dom-server/,
  "react-router (match, links)": /react-router/,
  "compression (zlib)": /compression\/index|node:zlib/,
  "node:http": /node:_http/,
  "express and its middleware": /node_modules\/(express|router|serve-static|send|body-parser|finalhandler|express-static-gzip)\//,
  "pino / pino-http": /pino/,
  helmet: /helmet/,
  "garbage collector": /\(garbage collector\)/,
};

function layersOfProfile(file: string): Array<{ layer: string; pct: number }> {
  const profile = JSON.parse(readFileSync(file, "utf8")) as {
    nodes: Array<{ id: number; children?: number[]; callFrame: { functionName: string; url: string } }>;
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const totals = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    if (byId.get(id)!.callFrame.functionName === "(idle)") return;
    const dt = profile.timeDeltas[i] ?? 0;
    busy += dt;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url } = byId.get(at)!.callFrame;
      for (const [layer, pattern] of Object.entries(LAYERS)) if (pattern.test(`${functionName} ${url}`)) seen.add(layer);
    }
    for (const layer of seen) totals.set(layer, (totals.get(layer) ?? 0) + dt);
  });
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([layer, t]) => ({ layer, pct: round1((t / busy) * 100) }));
}

/** The functions with the most self time in a V8 .cpuprofile. */
function topOfProfile(file: string, count: number): Array<{ fn: string; selfPct: number }> {
  const profile = JSON.parse(readFileSync(file, "utf8")) as {
    nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
    samples: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  for (const id of profile.samples) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/dist\//, "dist/");
    const key = `${functionName || "(anonymous)"} ${where ? `${where}:${lineNumber + 1}` : ""}`.trim();
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([fn, n]) => ({ fn, selfPct: round1((n / profile.samples.length) * 100) }));
}

async function main(): Promise<void> {
  const profile = process.argv.includes("--profile");
  if (!hasWrk) console.warn("WARNING: wrk not found (Debian: apt-get install -y wrk); falling back to autocannon, which shares the CPU with the servers and reads lower.");
  console.log(`building...`);
  await build();
  mkdirSync(REPORTS, { recursive: true });

  // The exact bytes our server sends for each target, for the bare server to write.
  const capture = await startProcess(["dist/server/main.js"], {}, "/readyz");
  const bytesDir = mkdtempSync(join(tmpdir(), "bench-bytes-"));
  const pages = [];
  for (const [i, path] of TARGETS.entries()) {
    const res = await fetchRaw(capture.port, path);
    writeFileSync(join(bytesDir, `${i}.bin`), res.body);
    pages.push({ path, file: `${i}.bin`, headers: { "Content-Type": res.headers["content-type"], "Content-Encoding": res.headers["content-encoding"], "Content-Length": String(res.body.length) } });
  }
  writeFileSync(join(bytesDir, "pages.json"), JSON.stringify(pages));
  await capture.stop();

  console.log(`(a) bare node:http writing the same bytes`);
  const bareCode = `
    const http = require("node:http"), fs = require("node:fs"), path = require("node:path");
    const dir = process.env.BENCH_BYTES_DIR;
    const pages = new Map(JSON.parse(fs.readFileSync(path.join(dir, "pages.json"), "utf8")).map((p) => [p.path, { headers: p.headers, body: fs.readFileSync(path.join(dir, p.file)) }]));
    http.createServer((req, res) => {
      const page = pages.get(req.url);
      if (req.url === "/readyz") return res.end("ok");
      if (!page) { res.statusCode = 404; return res.end(); }
      res.writeHead(200, page.headers);
      res.end(page.body);
    }).listen(Number(process.env.PORT), process.env.HOST);
    process.on("SIGTERM", () => process.exit(0));`;
  const bare = await startProcess(["-e", bareCode], { BENCH_BYTES_DIR: bytesDir }, "/readyz");
  const a = await loadAll("(a)", bare);
  await bare.stop();

  console.log(`(b) our server, render cache on`);
  const cached = await startProcess(["dist/server/main.js"], {}, "/readyz");
  const bReady = cached.readyMs;
  const cachedTtfbs: number[] = [];
  for (let i = 0; i < 20; i++) cachedTtfbs.push((await fetchRaw(cached.port, "/Category")).ttfbMs);
  const bTtfb = median(cachedTtfbs);
  const rssAtReady = rssMb(cached.child.pid!);
  const b = await loadAll("(b)", cached);
  // Memory: after the warm-up above, 100,000 more requests must not grow the process.
  const rssBefore = rssMb(cached.child.pid!);
  const counted = await load(cached.port, "/", COUNTED_REQUESTS);
  const rssAfter = rssMb(cached.child.pid!);
  await cached.stop();
  console.log(`  (b) RSS ${rssAtReady} MB at ready, ${rssBefore} MB before and ${rssAfter} MB after ${counted.requests} requests`);

  console.log(`(c) our server, RENDER_CACHE=off`);
  const streamed = await startProcess(["dist/server/main.js"], { RENDER_CACHE: "off" }, "/readyz");
  const cReady = streamed.readyMs;
  const firstRender = await fetchRaw(streamed.port, "/Category");
  const ttfbs: number[] = [];
  for (let i = 0; i < 20; i++) ttfbs.push((await fetchRaw(streamed.port, "/Category")).ttfbMs);
  const cRssBefore = rssMb(streamed.child.pid!);
  const c = await loadAll("(c)", streamed);
  const cRssAfter = rssMb(streamed.child.pid!);
  await streamed.stop();

  let cpuProfile: Array<{ fn: string; selfPct: number }> | undefined;
  let cpuLayers: Array<{ layer: string; pct: number }> | undefined;
  if (profile) {
    console.log(`(c) under --cpu-prof, /Category for ${DURATION_S} s`);
    const dir = mkdtempSync(join(tmpdir(), "bench-prof-"));
    const profiled = await startProcess(["--cpu-prof", `--cpu-prof-dir=${dir}`, "dist/server/main.js"], { RENDER_CACHE: "off" }, "/readyz");
    await load(profiled.port, "/Category");
    await profiled.stop();
    const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
    if (file) {
      writeFileSync(join(REPORTS, "cpu-uncached.cpuprofile"), readFileSync(join(dir, file)));
      cpuProfile = topOfProfile(join(dir, file), 25);
      cpuLayers = layersOfProfile(join(dir, file));
    }
    rmSync(dir, { recursive: true, force: true });
  }
  rmSync(bytesDir, { recursive: true, force: true });

  const cpuRatio = (x: Record<string, Load>) => Object.fromEntries(TARGETS.map((t) => [t, Math.round((a[t]!.cpuUsPerRequest! / x[t]!.cpuUsPerRequest!) * 100) / 100]));
  const ratio = (x: Record<string, Load>) => Object.fromEntries(TARGETS.map((t) => [t, Math.round((x[t]!.rps / a[t]!.rps) * 100) / 100]));
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: availableParallelism(), loadAverage: loadavg(), node: process.version, loadGenerator: hasWrk ? spawnSync("wrk", ["-v"]).stdout.toString().split("\n")[0] : "autocannon" },
    settings: { connections: CONNECTIONS, durationS: DURATION_S, headers: HEADERS, targets: TARGETS },
    bare: a,
    cached: b,
    uncached: c,
    ratioToBare: { cached: ratio(b), uncached: ratio(c) },
    cpuRatioToBare: { cached: cpuRatio(b), uncached: cpuRatio(c) },
    ttfbMs: { uncachedFirstRender: round1(firstRender.ttfbMs), uncachedMedianOf20: round1(median(ttfbs)), cachedMedianOf20: round1(bTtfb) },
    rssMb: { cachedAtReady: rssAtReady, cachedBefore: rssBefore, cachedAfter: rssAfter, countedRequests: counted.requests, growthPct: round1(((rssAfter - rssBefore) / rssBefore) * 100), uncachedBefore: cRssBefore, uncachedAfter: cRssAfter },
    readyMs: { cached: bReady, uncached: cReady },
    ...(cpuProfile ? { cpuProfileUncached: { layers: cpuLayers, selfTop: cpuProfile } } : {}),
  };
  writeFileSync(join(REPORTS, "bench.json"), `${JSON.stringify(report, null, 2)}\n`);

  console.log(`\nratio to bare node:http (req/s)`);
  for (const t of TARGETS) console.log(`  ${t.padEnd(16)} cached ${report.ratioToBare.cached[t]}  uncached ${report.ratioToBare.uncached[t]}`);
  console.log(`ratio to bare node:http (server CPU per request, what a quiet machine would show)`);
  for (const t of TARGETS) console.log(`  ${t.padEnd(16)} cached ${report.cpuRatioToBare.cached[t]}  uncached ${report.cpuRatioToBare.uncached[t]}`);
  console.log(`load average while running: ${loadavg().map((n) => n.toFixed(1)).join(" ")} on ${availableParallelism()} CPUs`);
  console.log(`p99 at ${CONNECTIONS} connections (ms): cached ${TARGETS.map((t) => b[t]!.p99Ms).join(" / ")}, uncached ${TARGETS.map((t) => c[t]!.p99Ms).join(" / ")}`);
  console.log(`TTFB /Category: uncached first render ${report.ttfbMs.uncachedFirstRender} ms, uncached median ${report.ttfbMs.uncachedMedianOf20} ms, cached median ${report.ttfbMs.cachedMedianOf20} ms`);
  console.log(`RSS (cached): ${rssBefore} MB -> ${rssAfter} MB over ${counted.requests} requests (${report.rssMb.growthPct} %), ${rssAtReady} MB at ready`);
  console.log(`process start to /readyz 200: cached ${bReady} ms, uncached ${cReady} ms`);
  if (cpuLayers) {
    console.log(`\nwhere (c) spends its busy time, by layer (inclusive, layers overlap):`);
    for (const { layer, pct } of cpuLayers) console.log(`  ${String(pct).padStart(5)} %  ${layer}`);
  }
  if (cpuProfile) {
    console.log(`\nwhere (c) spends its time (self time, top 25):`);
    for (const { fn, selfPct } of cpuProfile) console.log(`  ${String(selfPct).padStart(5)} %  ${fn}`);
  }
  console.log(`\nwritten to ${join(REPORTS, "bench.json")}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
