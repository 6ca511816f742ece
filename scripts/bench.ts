// Load benchmark: our server against the limit, a bare node:http server writing the same bytes.
// Usage: npm run bench [-- --profile]
//
// Builds, then runs one after the other on loopback only: (a) bare node:http writing each
// target's exact answer (status, headers, bytes), (b) the production server (render cache on),
// (c) the production server with RENDER_CACHE=off. Targets: three canonical pages, a campaign
// URL (a new fbclid on every request), a trailing-slash URL (a redirect) and an unknown path
// (the not-found page). Each is loaded with wrk (Debian: apt-get install -y wrk; without it
// autocannon is used, with a warning): 64 connections, 10 s, Accept-Encoding: br, after 2 s of
// unrecorded warm-up per target.
// Also measured: time from process start to /readyz 200, time to the full answer of an uncached
// render, and the server's RSS at ready, before and after each target and after 100,000 more
// requests. Figures go to stdout and to reports/bench.json. --profile also runs (c) under
// `node --cpu-prof` and prints where its time goes (reports/cpu-uncached.cpuprofile).
// Processes, ports and requests come from scripts/harness, as in the tests.
// Our server runs with the heap a 256 MiB container gives Node (CONTAINER_HEAP): on this host
// without a limit, V8 sizes its young generation from 24 GB of memory and RSS under load reads
// ~380 MB of uncollected garbage that a container never accumulates (docs/operations.md, Memory).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { build } from "./build.ts";
import { MAX_STREAMING_RENDERS } from "../server/render.ts";
import { freePort } from "./harness/redisServer.ts";
import { get } from "./harness/handlerServer.ts";
import { startProductionServer } from "./harness/productionServer.ts";

/** A campaign link: the bench adds a new `fbclid` to every request (never the same URL twice). */
const CAMPAIGN = "/?utm_source=newsletter&utm_medium=email&utm_campaign=spring";
const TARGETS = ["/", "/Category", "/TermsCondition", CAMPAIGN, "/main/", "/no-such-page"];
/** What each target answers: wrk counts anything but 2xx/3xx as an error. */
const EXPECTED_STATUS: Record<string, number> = { "/main/": 301, "/no-such-page": 404 };
const CONNECTIONS = 64;
const DURATION_S = 10;
const COUNTED_REQUESTS = 100_000;
const HEADERS = { "Accept-Encoding": "br" };
const REPORTS = "reports";

interface Load {
  rps: number;
  /** CPU time of the server process per request (user + system): unaffected by other load. */
  cpuUsPerRequest?: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  /** The server's RSS before and after this target's load (our server only). */
  rssMb?: [number, number];
}

const hasWrk = !spawnSync("wrk", ["-v"]).error;

/** User + system CPU time of a process, in microseconds (clock ticks are 10 ms on Linux). */
function cpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

function rssMb(pid: number): number {
  const kb = Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}

interface Running {
  child: ChildProcess;
  port: number;
  readyMs: number;
  stop(): Promise<unknown>;
}

const HOST = "127.0.0.1"; // loopback only

/**
 * Node sizes its heap, young generation included, from the memory it may use: in a container,
 * the cgroup limit. These are the sizes for the 256 MiB limit docs/operations.md recommends.
 */
const CONTAINER_HEAP = "--max-old-space-size=128 --max-semi-space-size=2";

/** The production server (scripts/harness), its access log written as in production and dropped. */
async function startServer(env: Record<string, string>): Promise<Running> {
  const started = performance.now();
  const server = await startProductionServer({
    LOG_LEVEL: "info",
    ...env,
    NODE_OPTIONS: `${CONTAINER_HEAP} ${env.NODE_OPTIONS ?? ""}`.trim(),
  });
  const readyMs = Math.round(performance.now() - started);
  // The helper keeps what the process prints; hundreds of thousands of log lines need not stay.
  server.child.stdout!.removeAllListeners("data").resume();
  return { child: server.child, port: server.port, readyMs, stop: () => server.stop() };
}

/** Bare node:http in its own process, writing the captured answers (see main). */
async function startBare(code: string, env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["-e", code], {
    env: { PATH: process.env.PATH, HOST, PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the bare server exited ${child.exitCode}`);
    if (
      (await get(`http://${HOST}:${port}`, "/readyz").then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      break;
    if (performance.now() - started > 30_000) throw new Error("the bare server did not start in 30 s");
    await new Promise((r) => setTimeout(r, 5));
  }
  return {
    child,
    port,
    readyMs: Math.round(performance.now() - started),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The full answer of one request, body left encoded, and how long it took. */
async function timedGet(port: number, path: string) {
  const started = performance.now();
  const res = await get(`http://${HOST}:${port}`, path, HEADERS);
  return { ...res, ms: performance.now() - started };
}

const toMs = (value: string, unit: string) => Number(value) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);

function parseWrk(output: string, expectedStatus: number): Load {
  const latency = (pct: string) => {
    const m = output.match(new RegExp(`^\\s+${pct}%\\s+([\\d.]+)(us|ms|s)\\s*$`, "m"));
    return m ? Math.round(toMs(m[1]!, m[2]!) * 100) / 100 : NaN;
  };
  const errors =
    (expectedStatus < 400 ? Number(output.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0) : 0) +
    [...output.matchAll(/(connect|read|write|timeout) (\d+)/g)].reduce((sum, m) => sum + Number(m[2]), 0);
  return {
    rps: Math.round(Number(output.match(/Requests\/sec:\s+([\d.]+)/)?.[1])),
    p50Ms: latency("50"),
    p99Ms: latency("99"),
    requests: Number(output.match(/(\d+) requests in/)?.[1]),
    errors,
  };
}

/** wrk's Lua: a new `fbclid` on each request for the campaign target, a count for `counted`. */
function wrkScript(path: string, counted?: number): string | undefined {
  const parts: string[] = [];
  if (path === CAMPAIGN) {
    parts.push(
      `local threads = 0\nfunction setup(thread)\n  threads = threads + 1\n  thread:set("tid", threads)\nend\n` +
        `local id = 0\nrequest = function()\n  id = id + 1\n  return wrk.format(nil, "${CAMPAIGN}&fbclid=" .. tid .. "-" .. id)\nend\n`,
    );
  }
  // Each wrk thread has its own Lua state: each stops after its half of the requests.
  if (counted)
    parts.push(
      `local n = 0\nresponse = function()\n  n = n + 1\n  if n >= ${counted / 2} then wrk.thread:stop() end\nend\n`,
    );
  if (!parts.length) return undefined;
  const file = join(mkdtempSync(join(tmpdir(), "bench-")), "script.lua");
  writeFileSync(file, parts.join(""));
  return file;
}

let campaignIds = 0;

async function load(
  port: number,
  path: string,
  counted?: number,
  durationS = DURATION_S,
  connections = CONNECTIONS,
): Promise<Load> {
  const url = `http://${HOST}:${port}${path}`;
  const expectedStatus = EXPECTED_STATUS[path] ?? 200;
  if (hasWrk) {
    const args = [
      "-t2",
      `-c${connections}`,
      `-d${counted ? 120 : durationS}s`,
      "--latency",
      "-H",
      `Accept-Encoding: ${HEADERS["Accept-Encoding"]}`,
    ];
    const script = wrkScript(path, counted);
    if (script) args.push("-s", script);
    const run = spawn("wrk", [...args, url], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    run.stdout.on("data", (d) => (out += d));
    await once(run, "exit");
    return parseWrk(out, expectedStatus);
  }
  const result = await autocannon({
    url,
    connections,
    headers: HEADERS,
    ...(path === CAMPAIGN
      ? {
          requests: [
            { method: "GET", setupRequest: (req) => ({ ...req, path: `${CAMPAIGN}&fbclid=${campaignIds++}` }) },
          ],
        }
      : {}),
    ...(counted ? { amount: counted } : { duration: durationS }),
  });
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + (expectedStatus < 400 ? result.non2xx : 0),
  };
}

/** Seconds of unrecorded load per target first: JIT, the cache's background recompression. */
const WARM_UP_S = 2;

async function loadAll(name: string, server: Running, connections = CONNECTIONS): Promise<Record<string, Load>> {
  const out: Record<string, Load> = {};
  for (const path of TARGETS) await load(server.port, path, undefined, WARM_UP_S, connections);
  for (const path of TARGETS) {
    const before = cpuUs(server.child.pid!);
    const rssBefore = rssMb(server.child.pid!);
    const l = await load(server.port, path, undefined, DURATION_S, connections);
    l.cpuUsPerRequest = Math.round((cpuUs(server.child.pid!) - before) / l.requests);
    l.rssMb = [rssBefore, rssMb(server.child.pid!)];
    out[path] = l;
    console.log(
      `  ${name} ${label(path).padEnd(16)} ${String(l.rps).padStart(7)} req/s  p50 ${l.p50Ms} ms  p99 ${l.p99Ms} ms  server CPU ${l.cpuUsPerRequest} µs/req  RSS ${l.rssMb[0]} -> ${l.rssMb[1]} MB${l.errors ? `  ERRORS ${l.errors}` : ""}`,
    );
  }
  return out;
}

/** Short names for the rows. */
const label = (path: string) => (path === CAMPAIGN ? "campaign ?utm…" : path);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Share of busy time (inclusive: a stack counts once per layer it passes through) by layer. */
const LAYERS: Record<string, RegExp> = {
  "react-dom/server (render)": /react-dom-server/,
  "react-router (match, links)": /react-router/,
  "compression (zlib)": /compression\/index|node:zlib/,
  "node:http": /node:_http/,
  "express and its middleware":
    /node_modules\/(express|router|serve-static|send|body-parser|finalhandler|express-static-gzip)\//,
  "pino (logs)": /pino/,
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
      for (const [layer, pattern] of Object.entries(LAYERS))
        if (pattern.test(`${functionName} ${url}`)) seen.add(layer);
    }
    for (const layer of seen) totals.set(layer, (totals.get(layer) ?? 0) + dt);
  });
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([layer, t]) => ({ layer, pct: round1((t / busy) * 100) }));
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
  if (!hasWrk)
    console.warn(
      "WARNING: wrk not found (Debian: apt-get install -y wrk); falling back to autocannon, which shares the CPU with the servers and reads lower.",
    );
  console.log(`building...`);
  await build();
  mkdirSync(REPORTS, { recursive: true });

  // The exact answer our server sends for each target, for the bare server to write.
  const capture = await startServer({});
  const bytesDir = mkdtempSync(join(tmpdir(), "bench-bytes-"));
  const pages = [];
  for (const [i, path] of TARGETS.entries()) {
    const res = await timedGet(capture.port, path);
    writeFileSync(join(bytesDir, `${i}.bin`), res.raw);
    const headers: Record<string, string> = { "Content-Length": String(res.raw.length) };
    for (const name of ["content-type", "content-encoding", "location"])
      if (res.headers[name]) headers[name] = String(res.headers[name]);
    pages.push({ path, status: res.status, file: `${i}.bin`, headers });
  }
  writeFileSync(join(bytesDir, "pages.json"), JSON.stringify(pages));
  await capture.stop();

  console.log(`(a) bare node:http writing the same answers`);
  const bareCode = `
    const http = require("node:http"), fs = require("node:fs"), path = require("node:path");
    const dir = process.env.BENCH_BYTES_DIR;
    const pages = new Map(JSON.parse(fs.readFileSync(path.join(dir, "pages.json"), "utf8")).map((p) => [p.path, { status: p.status, headers: p.headers, body: fs.readFileSync(path.join(dir, p.file)) }]));
    const campaign = ${JSON.stringify(CAMPAIGN)};
    http.createServer((req, res) => {
      if (req.url === "/readyz") return res.end("ok");
      // The campaign target carries a new fbclid each time: a prefix match, as cheap as a lookup.
      const page = pages.get(req.url) ?? (req.url.startsWith(campaign) ? pages.get(campaign) : undefined);
      if (!page) { res.statusCode = 404; return res.end(); }
      res.writeHead(page.status, page.headers);
      res.end(page.body);
    }).listen(Number(process.env.PORT), process.env.HOST);
    process.on("SIGTERM", () => process.exit(0));`;
  const bare = await startBare(bareCode, { BENCH_BYTES_DIR: bytesDir });
  const a = await loadAll("(a)", bare);
  await bare.stop();

  console.log(`(b) our server, render cache on, NODE_OPTIONS="${CONTAINER_HEAP}" (a 256 MiB container's heap)`);
  const cached = await startServer({});
  const bReady = cached.readyMs;
  const cachedTtfbs: number[] = [];
  for (let i = 0; i < 20; i++) cachedTtfbs.push((await timedGet(cached.port, "/Category")).ms);
  const bTtfb = median(cachedTtfbs);
  const rssAtReady = rssMb(cached.child.pid!);
  // The highest RSS while loaded, sampled every 250 ms.
  let rssPeak = rssAtReady;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(cached.child.pid!))), 250);
  const b = await loadAll("(b)", cached);
  // Memory: after every target above, 100,000 more requests must not grow the process.
  const rssBefore = rssMb(cached.child.pid!);
  const counted = await load(cached.port, "/", COUNTED_REQUESTS);
  const rssAfter = rssMb(cached.child.pid!);
  clearInterval(sampler);
  await cached.stop();
  const requestsServed = Object.values(b).reduce((sum, l) => sum + l.requests, 0) + counted.requests;
  console.log(
    `  (b) RSS ${rssAtReady} MB at ready, ${rssBefore} MB before and ${rssAfter} MB after ${counted.requests} more requests (${requestsServed} counted in all), ${rssPeak} MB at most while loaded`,
  );

  console.log(`(c) our server, RENDER_CACHE=off, ${MAX_STREAMING_RENDERS} connections (the cap of renders in flight)`);
  const streamed = await startServer({ RENDER_CACHE: "off" });
  const cReady = streamed.readyMs;
  const firstRender = await timedGet(streamed.port, "/Category");
  const ttfbs: number[] = [];
  for (let i = 0; i < 20; i++) ttfbs.push((await timedGet(streamed.port, "/Category")).ms);
  const cRssBefore = rssMb(streamed.child.pid!);
  // Renders past the cap in flight are refused (503): (c) runs at the cap, to measure renders.
  const c = await loadAll("(c)", streamed, MAX_STREAMING_RENDERS);
  const cRssAfter = rssMb(streamed.child.pid!);
  await streamed.stop();

  let cpuProfile: Array<{ fn: string; selfPct: number }> | undefined;
  let cpuLayers: Array<{ layer: string; pct: number }> | undefined;
  if (profile) {
    console.log(`(c) under --cpu-prof, /Category for ${DURATION_S} s`);
    const dir = mkdtempSync(join(tmpdir(), "bench-prof-"));
    const profiled = await startServer({ RENDER_CACHE: "off", NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` });
    await load(profiled.port, "/Category", undefined, DURATION_S, MAX_STREAMING_RENDERS);
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

  const cpuRatio = (x: Record<string, Load>) =>
    Object.fromEntries(
      TARGETS.map((t) => [t, Math.round((a[t]!.cpuUsPerRequest! / x[t]!.cpuUsPerRequest!) * 100) / 100]),
    );
  const ratio = (x: Record<string, Load>) =>
    Object.fromEntries(TARGETS.map((t) => [t, Math.round((x[t]!.rps / a[t]!.rps) * 100) / 100]));
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: availableParallelism(),
      loadAverage: loadavg(),
      node: process.version,
      loadGenerator: hasWrk ? spawnSync("wrk", ["-v"]).stdout.toString().split("\n")[0] : "autocannon",
    },
    settings: {
      serverNodeOptions: CONTAINER_HEAP,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      headers: HEADERS,
      targets: TARGETS,
    },
    bare: a,
    cached: b,
    uncached: c,
    ratioToBare: { cached: ratio(b), uncached: ratio(c) },
    cpuRatioToBare: { cached: cpuRatio(b), uncached: cpuRatio(c) },
    fullAnswerMs: {
      uncachedFirstRender: round1(firstRender.ms),
      uncachedMedianOf20: round1(median(ttfbs)),
      cachedMedianOf20: round1(bTtfb),
    },
    rssMb: {
      cachedAtReady: rssAtReady,
      cachedBefore: rssBefore,
      cachedAfter: rssAfter,
      cachedPeak: rssPeak,
      countedRequests: counted.requests,
      requestsServed,
      growthPct: round1(((rssAfter - rssBefore) / rssBefore) * 100),
      uncachedBefore: cRssBefore,
      uncachedAfter: cRssAfter,
    },
    readyMs: { cached: bReady, uncached: cReady },
    ...(cpuProfile ? { cpuProfileUncached: { layers: cpuLayers, selfTop: cpuProfile } } : {}),
  };
  writeFileSync(join(REPORTS, "bench.json"), `${JSON.stringify(report, null, 2)}\n`);

  console.log(`\nratio to bare node:http (req/s)`);
  for (const t of TARGETS)
    console.log(
      `  ${label(t).padEnd(16)} cached ${report.ratioToBare.cached[t]}  uncached ${report.ratioToBare.uncached[t]}`,
    );
  console.log(`ratio to bare node:http (server CPU per request, what a quiet machine would show)`);
  for (const t of TARGETS)
    console.log(
      `  ${label(t).padEnd(16)} cached ${report.cpuRatioToBare.cached[t]}  uncached ${report.cpuRatioToBare.uncached[t]}`,
    );
  console.log(
    `load average while running: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")} on ${availableParallelism()} CPUs`,
  );
  console.log(
    `p99 at ${CONNECTIONS} connections (ms): cached ${TARGETS.map((t) => b[t]!.p99Ms).join(" / ")}, uncached ${TARGETS.map((t) => c[t]!.p99Ms).join(" / ")}`,
  );
  console.log(
    `full answer /Category: uncached first render ${report.fullAnswerMs.uncachedFirstRender} ms, uncached median ${report.fullAnswerMs.uncachedMedianOf20} ms, cached median ${report.fullAnswerMs.cachedMedianOf20} ms`,
  );
  console.log(
    `RSS (cached): ${rssAtReady} MB at ready, ${rssBefore} MB -> ${rssAfter} MB over the last ${counted.requests} requests (${report.rssMb.growthPct} %), ${requestsServed} requests in all, ${rssPeak} MB at most while loaded`,
  );
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
