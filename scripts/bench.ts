// Load benchmark for the serving bar of docs/product.md section 12: every page URL shape at
// >= 0.5x the requests per second of a bare node:http server writing the same bytes, in the same
// run; p99 < 50 ms at 64 connections; RSS <= 256 MB after the whole run.
// Usage: npm run bench. Needs wrk (Debian: apt-get install -y wrk).
//
// Builds, then on loopback: (a) bare node:http writing each target's exact answer (status,
// headers, bytes, captured from our server), (b) the production server. Targets: three canonical
// pages, a campaign URL (a new fbclid on every request), a trailing-slash URL (a redirect) and
// an unknown path (the not-found page); each 2 s unrecorded, then 10 s at 64 connections with
// Accept-Encoding: br. Also printed: time from start to /readyz 200 and the server's RSS at
// ready, at most and at the end. Writes reports/bench.json.
// Our server runs with the heap a 256 MiB container gives Node (CONTAINER_HEAP): without a limit,
// V8 sizes its young generation from the host's memory (docs/operations.md, Memory).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "./build.ts";
import { freePort } from "./lib/freePort.ts";
import { get } from "./harness/handlerServer.ts";
import { startProductionServer } from "./harness/productionServer.ts";

const CAMPAIGN = "/?utm_source=newsletter&utm_medium=email&utm_campaign=spring";
const TARGETS = ["/", "/Category", "/TermsCondition", CAMPAIGN, "/main/", "/no-such-page"];
const CONNECTIONS = 64;
const HOST = "127.0.0.1";
const CONTAINER_HEAP = "--max-old-space-size=128 --max-semi-space-size=2";
const BARS = { ratio: 0.5, p99Ms: 50, rssMb: 256 };

interface Load {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

const label = (path: string) => (path === CAMPAIGN ? "campaign ?utm…" : path);

/** wrk's Lua for the campaign target: a new fbclid on every request, so no URL repeats. */
const CAMPAIGN_LUA =
  `local threads = 0\nfunction setup(thread)\n  threads = threads + 1\n  thread:set("tid", threads)\nend\n` +
  `local id = 0\nrequest = function()\n  id = id + 1\n  return wrk.format(nil, "${CAMPAIGN}&fbclid=" .. tid .. "-" .. id)\nend\n`;

async function wrk(port: number, path: string, seconds: number): Promise<Load> {
  const args = ["-t2", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", "-H", "Accept-Encoding: br"];
  if (path === CAMPAIGN) {
    const script = join(mkdtempSync(join(tmpdir(), "bench-")), "campaign.lua");
    writeFileSync(script, CAMPAIGN_LUA);
    args.push("-s", script);
  }
  const run = spawn("wrk", [...args, `http://${HOST}:${port}${path}`], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  run.stdout.on("data", (d) => (out += d));
  await once(run, "exit");
  const ms = (pct: string) => {
    const m = new RegExp(`^\\s+${pct}%\\s+([\\d.]+)(us|ms|s)\\s*$`, "m").exec(out);
    return m ? Math.round(Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2] as "ms"] * 100) / 100 : NaN;
  };
  // A 404 target counts its answers as "non-2xx"; a socket error is an error for every target.
  const non2xx = path === "/no-such-page" ? 0 : Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = [...out.matchAll(/(connect|read|write|timeout) (\d+)/g)].reduce((sum, m) => sum + Number(m[2]), 0);
  return {
    rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1])),
    p50Ms: ms("50"),
    p99Ms: ms("99"),
    errors: non2xx + socket,
  };
}

/** Loads every target in turn; `afterEach` runs after each (our server reads its RSS). */
async function loadAll(name: string, port: number, afterEach = () => {}): Promise<Record<string, Load>> {
  for (const path of TARGETS) await wrk(port, path, 2);
  const out: Record<string, Load> = {};
  for (const path of TARGETS) {
    const l = (out[path] = await wrk(port, path, 10));
    afterEach();
    console.log(
      `  ${name} ${label(path).padEnd(16)} ${String(l.rps).padStart(7)} req/s  p50 ${l.p50Ms} ms  p99 ${l.p99Ms} ms${l.errors ? `  ERRORS ${l.errors}` : ""}`,
    );
  }
  return out;
}

/** Bare node:http in its own process, writing the answers captured in `dir`. */
async function startBare(dir: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const code = `
    const http = require("node:http"), fs = require("node:fs"), path = require("node:path");
    const dir = ${JSON.stringify(dir)}, campaign = ${JSON.stringify(CAMPAIGN)};
    const pages = new Map(JSON.parse(fs.readFileSync(path.join(dir, "pages.json"), "utf8")).map((p) => [p.path, { ...p, body: fs.readFileSync(path.join(dir, p.file)) }]));
    http.createServer((req, res) => {
      const page = pages.get(req.url) ?? (req.url.startsWith(campaign) ? pages.get(campaign) : undefined);
      if (!page) { res.statusCode = 404; return res.end(); }
      res.writeHead(page.status, page.headers);
      res.end(page.body);
    }).listen(Number(process.env.PORT), ${JSON.stringify(HOST)}, () => console.log("listening"));`;
  const child = spawn(process.execPath, ["-e", code], {
    env: { PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await once(child.stdout, "data");
  return { child, port };
}

async function main(): Promise<void> {
  if (spawnSync("wrk", ["-v"]).error) throw new Error("wrk not found (Debian: apt-get install -y wrk)");
  console.log("building...");
  await build();

  const started = performance.now();
  const ours = await startProductionServer({ LOG_LEVEL: "info", NODE_OPTIONS: CONTAINER_HEAP });
  const readyMs = Math.round(performance.now() - started);
  // The access log is written as in production and dropped.
  ours.child.stdout.removeAllListeners("data").resume();
  const rssMb = () => Math.round(ours.rss() / 104857.6) / 10;

  // The exact answer of each target, for the bare server to write.
  const dir = mkdtempSync(join(tmpdir(), "bench-bytes-"));
  const pages = [];
  for (const [i, path] of TARGETS.entries()) {
    const res = await get(ours.url, path, { "Accept-Encoding": "br" });
    writeFileSync(join(dir, `${i}.bin`), res.raw);
    const headers: Record<string, string> = { "Content-Length": String(res.raw.length) };
    for (const name of ["content-type", "content-encoding", "location"])
      if (res.headers[name]) headers[name] = String(res.headers[name]);
    pages.push({ path, status: res.status, file: `${i}.bin`, headers });
  }
  writeFileSync(join(dir, "pages.json"), JSON.stringify(pages));

  console.log("(a) bare node:http writing the same answers");
  const bare = await startBare(dir);
  const bareLoad = await loadAll("(a)", bare.port);
  bare.child.kill("SIGTERM");

  console.log(`(b) our server, NODE_OPTIONS="${CONTAINER_HEAP}" (a 256 MiB container's heap)`);
  const rss = { atReady: rssMb(), peak: rssMb(), end: 0 };
  const ourLoad = await loadAll("(b)", ours.port, () => (rss.peak = Math.max(rss.peak, rssMb())));
  rss.end = rssMb();
  await ours.stop();

  const ratio = Object.fromEntries(
    TARGETS.map((t) => [t, Math.round((ourLoad[t]!.rps / bareLoad[t]!.rps) * 100) / 100]),
  );
  const failed = [
    ...TARGETS.filter((t) => ratio[t]! < BARS.ratio).map((t) => `${label(t)} at ${ratio[t]}x bare`),
    ...TARGETS.filter((t) => !(ourLoad[t]!.p99Ms < BARS.p99Ms)).map((t) => `${label(t)} p99 ${ourLoad[t]!.p99Ms} ms`),
    ...TARGETS.filter((t) => ourLoad[t]!.errors > 0).map((t) => `${label(t)} ${ourLoad[t]!.errors} errors`),
    ...(rss.end > BARS.rssMb ? [`RSS ${rss.end} MB at the end`] : []),
  ];
  const machine = { cpus: availableParallelism(), loadAverage: loadavg(), node: process.version };
  const report = {
    date: new Date().toISOString(),
    machine,
    bars: BARS,
    bare: bareLoad,
    ours: ourLoad,
    ratio,
    rssMb: rss,
    readyMs,
    failed,
  };
  mkdirSync("reports", { recursive: true });
  writeFileSync("reports/bench.json", `${JSON.stringify(report, null, 2)}\n`);

  console.log(`\nratio to bare node:http (req/s): ${TARGETS.map((t) => `${label(t)} ${ratio[t]}`).join(", ")}`);
  console.log(
    `RSS: ${rss.atReady} MB at ready, ${rss.peak} MB at most, ${rss.end} MB at the end; ready in ${readyMs} ms`,
  );
  const load = machine.loadAverage.map((n) => n.toFixed(1)).join(" ");
  console.log(`load average ${load} on ${machine.cpus} CPUs`);
  console.log(failed.length ? `\nBARS MISSED: ${failed.join("; ")}` : "\nevery serving bar met");
  console.log("written to reports/bench.json");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
