// Development: incremental builds, live reload, readable errors. Usage: npm run dev
//
// - One esbuild watcher (scripts/lib/watchSources.ts: atomic "rename" saves are seen like any
//   other write) triggers incremental rebuilds of the client and the server; a change made during a
//   build starts another build right after it, never lost.
// - The bundles are development builds (React's readable errors, no minifying, source maps),
//   written to dist-dev/ so a production dist/ stays as it was. The client keeps fixed file names
//   (no splitting, no hashes), so the server's manifest holds across client rebuilds.
// - The site's server restarts only when its own bundle changed (server code, or a component it
//   renders); then, or when only the client changed, open pages reload over server-sent events,
//   and a stylesheet-only change swaps the stylesheets without a reload. Build errors show over
//   the page until fixed (scripts/lib/devClient.ts, served by scripts/lib/devProxy.ts).
// - Server logs are printed through pino-pretty; every rebuild prints one line with its time.
// - TypeScript checks the project on every save beside the builds (scripts/lib/typeWatch.ts) and
//   prints its errors, since esbuild only strips types. DEV_TYPECHECK=off turns it off.
import * as esbuild from "esbuild";
import { spawn, type ChildProcess } from "node:child_process";
import { statSync } from "node:fs";
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { dirname, join, relative, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PinoPretty } from "pino-pretty";
import { clientOptions, serverOptions, sideAssets } from "./build.ts";
import { createDevProxy } from "./lib/devProxy.ts";
import { watchSources } from "./lib/watchSources.ts";
import { freePort } from "./lib/freePort.ts";
import { watchTypes } from "./lib/typeWatch.ts";
import type { BuildManifest } from "../server/assets.ts";

const root = process.cwd();
const devDir = join(root, "dist-dev");
const clientDir = join(devDir, "client");
const assetsDir = join(clientDir, "assets");
const serverDir = join(devDir, "server");
const PUBLIC_PATH = "/assets/";
const development = { "process.env.NODE_ENV": '"development"' };

const color = process.stdout.isTTY
  ? (code: number, text: string) => `\x1b[${code}m${text}\x1b[0m`
  : (_: number, text: string) => text;
const log = (line: string) => console.log(`${color(36, "[dev]")} ${line}`);

/** Writes the files whose content changed; returns their paths. */
function writer() {
  const hashes = new Map<string, string>();
  return async (files: esbuild.OutputFile[]): Promise<string[]> => {
    const changed = files.filter((file) => hashes.get(file.path) !== file.hash);
    await Promise.all(
      changed.map(async (file) => {
        await mkdir(dirname(file.path), { recursive: true });
        await writeFile(file.path, file.contents);
        hashes.set(file.path, file.hash);
      }),
    );
    return changed.map((file) => file.path);
  };
}

/** The manifest of the development client: one script, its stylesheet, the noscript sheet. */
function devManifest(meta: esbuild.Metafile): BuildManifest {
  const url = (file: string) => PUBLIC_PATH + relative(assetsDir, resolve(root, file)).split("\\").join("/");
  const outputs = Object.entries(meta.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint === "client/entry.client.tsx");
  if (!entry) throw new Error("The client entry is missing from the build");
  return {
    entry: url(entry[0]),
    entryImports: [],
    stylesheets: entry[1].cssBundle ? [url(entry[1].cssBundle)] : [],
    ...sideAssets(outputs, url),
    // Without splitting, every page is in the entry: nothing else to preload.
    routes: {},
    buildId: "development",
  };
}

/** Resolves once something accepts connections on the port (the restarted server listens). */
async function listening(port: number, within = 15_000): Promise<boolean> {
  const deadline = Date.now() + within;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((done) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => done(true)).once("error", () => done(false));
      socket.setTimeout(500, () => done(false));
    }).catch(() => false);
    if (open) return true;
    await sleep(15);
  }
  return false;
}

function formatErrors(errors: esbuild.Message[]): string {
  return esbuild.formatMessagesSync(errors, { kind: "error", color: false }).join("\n");
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "127.0.0.1";

  await rm(devDir, { recursive: true, force: true });
  await mkdir(clientDir, { recursive: true });
  // The files of public/ as they are now, without copying them after every edit.
  await symlink(join(root, "public"), join(clientDir, "public"), "dir");

  const devClient = await esbuild.build({
    entryPoints: ["scripts/lib/devClient.ts"],
    bundle: true,
    format: "esm",
    target: "es2022",
    write: false,
  });
  const proxy = createDevProxy(devClient.outputFiles[0]!.text);

  const client = await esbuild.context({
    ...clientOptions,
    outdir: assetsDir,
    splitting: false,
    entryNames: "[name]",
    minify: false,
    // Unminified output keeps names and a comment per source file; a 2 MB source map would
    // cost more per rebuild than it helps.
    sourcemap: false,
    write: false,
    define: { ...clientOptions.define, ...development },
    logLevel: "silent",
  });
  const server = await esbuild.context({
    ...serverOptions,
    // Dependencies stay in node_modules here: a rebuild bundles only our own code.
    packages: "external",
    outdir: serverDir,
    write: false,
    define: { ...serverOptions.define, ...development },
    logLevel: "silent",
  });
  const writeClient = writer();
  const writeServer = writer();
  let manifestText = "";

  // -- the site's server --------------------------------------------------------------------
  const pretty = PinoPretty({
    colorize: Boolean(process.stdout.isTTY),
    singleLine: true,
    translateTime: "HH:MM:ss.l",
    ignore: "pid,hostname",
    destination: 1,
  });
  let child: ChildProcess | undefined;
  /** Servers we asked to stop: their exit is no news. */
  const stopped = new WeakSet<ChildProcess>();
  let stopping = false;

  function stopChild(running: ChildProcess | undefined): Promise<void> {
    if (!running || running.exitCode !== null || running.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((done) => running.once("exit", () => done()));
    stopped.add(running);
    // SIGINT (no lame-duck drain); in development whatever is still open after a second is cut.
    running.kill("SIGINT");
    const timer = setTimeout(() => running.kill("SIGKILL"), 1_000);
    return exited.finally(() => clearTimeout(timer));
  }

  /**
   * Starts the new server beside the old one on a port of its own, sends requests to it once it
   * listens, then stops the old one: nobody waits for a server to stop.
   */
  async function startChild(): Promise<void> {
    if (stopping) return;
    const previous = child;
    const childPort = await freePort();
    const started = spawn(process.execPath, ["--enable-source-maps", join(serverDir, "main.js")], {
      stdio: ["ignore", "pipe", "inherit"],
      env: {
        // Every page rendered per request: nothing to warm up, so a restart is ready at once.
        RENDER_CACHE: "off",
        SITE_URL: `http://localhost:${port}`,
        ...process.env,
        NODE_ENV: "development",
        PORT: String(childPort),
        HOST: "127.0.0.1",
        CLIENT_DIR: clientDir,
      },
    });
    child = started;
    started.stdout.pipe(pretty, { end: false });
    const exited = new Promise<false>((done) =>
      started.once("exit", (code, signal) => {
        done(false);
        if (stopped.has(started) || stopping || started !== child) return;
        const why = `The server exited (${signal ?? `code ${code}`}). Save a file to rebuild and restart it.`;
        log(why);
        proxy.setUpstream(undefined, why);
      }),
    );
    if (await Promise.race([listening(childPort), exited])) proxy.setUpstream(childPort);
    void stopChild(previous);
  }

  // -- one build at a time; changes meanwhile mean one more --------------------------------------
  let building: Promise<void> | undefined;
  let again = false;
  let first = true;

  // -- which bundle a change concerns: each build's inputs and their modification times ---------
  let clientInputs = new Set<string>();
  let serverInputs = new Set<string>();
  let seen = new Map<string, number>();
  const mtimeOf = (file: string) => {
    try {
      return statSync(file).mtimeMs;
    } catch {
      return -1;
    }
  };
  /** Inputs as they are when a build starts: a save during the build differs from this afterwards. */
  const snapshot = () => (seen = new Map([...clientInputs, ...serverInputs].map((file) => [file, mtimeOf(file)])));
  const changedSinceSnapshot = () => [...seen].filter(([file, mtime]) => mtimeOf(file) !== mtime).map(([file]) => file);
  /** Which bundles the files saved since the last snapshot belong to; none known: both. */
  function affected(changed = changedSinceSnapshot()): { client: boolean; server: boolean } {
    if (changed.length === 0) return { client: true, server: true };
    return {
      client: changed.some((file) => clientInputs.has(file)),
      // The server bundle loads stylesheets as nothing: a stylesheet never changes it.
      server: changed.some((file) => serverInputs.has(file) && !file.endsWith(".css")),
    };
  }
  const inputsOf = (meta: esbuild.Metafile | undefined) =>
    new Set(Object.keys(meta?.inputs ?? {}).filter((file) => !file.includes(":")));

  let lastClient: esbuild.BuildResult | undefined;
  let lastServer: esbuild.BuildResult | undefined;

  async function rebuild(targets: { client: boolean; server: boolean }): Promise<void> {
    snapshot();
    const started = performance.now();
    const since = () => Math.round(performance.now() - started);
    const timings: string[] = [];
    let restarted = false;
    // The server restarts as soon as its own bundle is written, while the client may still build.
    const serverStep = (targets.server || !lastServer ? server.rebuild() : Promise.resolve(lastServer)).then(
      async (result) => {
        lastServer = result;
        serverInputs = inputsOf(result.metafile);
        const files = await writeServer(result.outputFiles ?? []);
        if (targets.server) timings.push(`server built in ${since()} ms`);
        if (!first && files.some((file) => file.endsWith(".js"))) {
          await startChild();
          restarted = true;
          timings.push(`restarted by ${since()} ms`);
        }
        return files;
      },
    );
    const clientStep = (targets.client || !lastClient ? client.rebuild() : Promise.resolve(lastClient)).then(
      async (result) => {
        lastClient = result;
        clientInputs = inputsOf(result.metafile);
        const files = await writeClient(result.outputFiles ?? []);
        if (targets.client) timings.push(`client built in ${since()} ms`);
        const nextManifest = JSON.stringify(devManifest(result.metafile!), null, 2);
        if (nextManifest !== manifestText) {
          manifestText = nextManifest;
          await writeFile(join(clientDir, "manifest.json"), manifestText);
          files.push(join(clientDir, "manifest.json"));
        }
        return files;
      },
    );
    const [clientResult, serverResult] = await Promise.allSettled([clientStep, serverStep]);
    // A bundle that failed is built again next time, whatever changed.
    if (clientResult.status === "rejected") lastClient = undefined;
    if (serverResult.status === "rejected") lastServer = undefined;
    const failures = [clientResult, serverResult].flatMap((result) =>
      result.status === "rejected"
        ? ((result.reason as esbuild.BuildFailure).errors ?? [{ text: String(result.reason) }])
        : [],
    );
    if (clientResult.status === "rejected" || serverResult.status === "rejected") {
      const text = formatErrors(failures);
      log(`${color(31, "build failed")} in ${since()} ms:\n${text}`);
      proxy.broadcast({ type: "error", text });
      if (first) proxy.setUpstream(undefined, text);
      return;
    }
    // The server reads the manifest once, at start.
    if (!restarted && (first || clientResult.value.some((file) => file.endsWith("manifest.json")))) {
      await startChild();
      restarted = true;
      timings.push(`server ${first ? "started" : "restarted"} by ${since()} ms`);
    }
    const changed = [...clientResult.value, ...serverResult.value].filter((file) => !file.endsWith(".map"));
    const what = changed.length === 0 ? "no output changed" : changed.map((file) => relative(devDir, file)).join(", ");
    log(`${first ? "built" : "rebuilt"} in ${since()} ms: ${timings.join(", ")} (${what})`);
    if (first) log(`ready on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
    first = false;
    if (restarted || changed.some((file) => file.endsWith(".js"))) proxy.broadcast({ type: "reload" });
    else if (changed.length > 0) proxy.broadcast({ type: "css" });
    else proxy.broadcast({ type: "ok" });
  }

  let pending = { client: false, server: false };
  function requestBuild(targets = { client: true, server: true }): void {
    pending = { client: pending.client || targets.client, server: pending.server || targets.server };
    if (building) {
      again = true;
      return;
    }
    building = (async () => {
      do {
        again = false;
        const next = pending;
        pending = { client: false, server: false };
        await rebuild(next).catch((error: unknown) => log(`rebuild crashed: ${String(error)}`));
        // A save while the build was reading may be one the watcher already counted as seen:
        // anything changed since the build started means one more build.
        const late = changedSinceSnapshot();
        if (late.length > 0) {
          const targets = affected(late);
          pending = { client: pending.client || targets.client, server: pending.server || targets.server };
          again = true;
        }
      } while (again);
    })().finally(() => (building = undefined));
  }

  // -- the watcher: both bundles' sources; its first call is the initial scan --------------------
  let scanned = false;
  const watcher = await watchSources(() => {
    if (scanned) requestBuild(affected());
    scanned = true;
  });

  await new Promise<void>((done, fail) => {
    proxy.server.once("error", (error: NodeJS.ErrnoException) =>
      fail(error.code === "EADDRINUSE" ? new Error(`Port ${port} is in use: set PORT to another one.`) : error),
    );
    proxy.server.listen(port, host, done);
  });
  requestBuild();
  const types = process.env.DEV_TYPECHECK === "off" ? undefined : watchTypes((line) => log(color(33, line)));

  let exiting = false;
  async function exit(signal: string): Promise<void> {
    if (exiting) return;
    exiting = true;
    stopping = true;
    log(`${signal}: stopping`);
    // A build in progress may be about to start a server: let it, then stop that one.
    await Promise.race([building, sleep(5_000)]);
    types?.kill();
    await Promise.allSettled([watcher.dispose(), client.dispose(), server.dispose(), stopChild(child), proxy.close()]);
    process.exit(0);
  }
  process.on("SIGINT", () => void exit("SIGINT"));
  process.on("SIGTERM", () => void exit("SIGTERM"));
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
