// Development: incremental builds, live reload, readable errors. Usage: npm run dev
//
// - On every change to the sources (scripts/lib/watchSources.ts) the client and the server are
//   rebuilt incrementally, side by side; esbuild writes nothing that did not change.
// - The bundles are development builds (React's readable errors, no minifying, source maps for
//   the server), written to dist-dev/ so a production dist/ stays as it was. The client keeps
//   fixed file names (no splitting, no hashes), so the server's manifest holds across rebuilds.
// - The site's server restarts only when its own bundle changed (server code, or a component it
//   renders): the new one starts beside the old, which stops once the new one listens. Open
//   pages reload over server-sent events; a stylesheet-only change swaps the stylesheets without
//   a reload. Build errors show over the page until fixed (scripts/lib/devClient.ts, served by
//   scripts/lib/devProxy.ts).
// - Server logs are printed through pino-pretty; every rebuild prints one line with its time.
// - TypeScript checks the project on every save beside the builds (tsc's own watch mode, its
//   output as it is), since esbuild only strips types. DEV_TYPECHECK=off turns it off.
import * as esbuild from "esbuild";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { PinoPretty } from "pino-pretty";
import { clientOptions, pageAssets, serverOptions } from "./build.ts";
import { createDevProxy } from "./lib/devProxy.ts";
import { answers, freePort } from "./lib/freePort.ts";
import { until } from "./lib/until.ts";
import { watchSources } from "./lib/watchSources.ts";
import type { BuildManifest } from "../server/assets.ts";

const root = process.cwd();
const devDir = join(root, "dist-dev");
const clientDir = join(devDir, "client");
const assetsDir = join(clientDir, "assets");
const serverDir = join(devDir, "server");
const development = { "process.env.NODE_ENV": '"development"' };
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";

const color = (code: number, text: string) => (process.stdout.isTTY ? `\x1b[${code}m${text}\x1b[0m` : text);
const log = (line: string) => console.log(`${color(36, "[dev]")} ${line}`);

type Output = Pick<esbuild.OutputFile, "path" | "contents" | "hash">;

/** Writes the files whose content changed since the last call; returns their paths. */
function writer() {
  const hashes = new Map<string, string>();
  return async (files: Output[]): Promise<string[]> => {
    const changed = files.filter((file) => hashes.get(file.path) !== file.hash);
    for (const file of changed) {
      await mkdir(dirname(file.path), { recursive: true });
      await writeFile(file.path, file.contents);
      hashes.set(file.path, file.hash);
    }
    return changed.map((file) => file.path);
  };
}

/** The manifest of the development client: one script (every page is in it), its stylesheet, the noscript sheet. */
function devManifest(meta: esbuild.Metafile): Output {
  const { entryFile, url, assets } = pageAssets(meta, assetsDir);
  const manifest: BuildManifest = {
    entry: url(entryFile),
    entryImports: [],
    ...assets,
    routes: {},
    buildId: "development",
  };
  const text = JSON.stringify(manifest, null, 2);
  return { path: join(clientDir, "manifest.json"), contents: Buffer.from(text), hash: text };
}

/** True once something accepts connections on the port (the restarted server listens). */
function listening(childPort: number, child: ChildProcess): Promise<boolean> {
  return until(() => answers(childPort), { everyMs: 15, alive: () => child.exitCode === null });
}

async function main(): Promise<void> {
  await rm(devDir, { recursive: true, force: true });
  await mkdir(clientDir, { recursive: true });
  // The files of public/ as they are now, without copying them after every edit.
  await symlink(join(root, "public"), join(clientDir, "public"), "dir");

  const devClient = await esbuild.build({ entryPoints: ["scripts/lib/devClient.ts"], bundle: true, write: false });
  const proxy = createDevProxy(devClient.outputFiles[0]!.text);
  // Unminified output keeps names and a comment per source file; a 2 MB client source map would
  // cost more per rebuild than it helps.
  const common = { write: false, logLevel: "silent" } as const;
  const client = await esbuild.context({
    ...clientOptions,
    ...common,
    outdir: assetsDir,
    splitting: false,
    entryNames: "[name]",
    minify: false,
    define: { ...clientOptions.define, ...development },
  });
  const server = await esbuild.context({
    ...serverOptions,
    ...common,
    // Dependencies stay in node_modules here: a rebuild bundles only our own code.
    packages: "external",
    outdir: serverDir,
    define: { ...serverOptions.define, ...development },
  });
  const [writeClient, writeServer] = [writer(), writer()];
  const pretty = PinoPretty({
    colorize: Boolean(process.stdout.isTTY),
    singleLine: true,
    translateTime: "HH:MM:ss.l",
    ignore: "pid,hostname",
    destination: 1,
  });

  let child: ChildProcess | undefined;
  let stopping = false;
  const stopChild = async (running: ChildProcess | undefined) => {
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    // SIGINT (no lame-duck drain); whatever is still open after a second is cut.
    const timer = setTimeout(() => running.kill("SIGKILL"), 1_000);
    running.kill("SIGINT");
    await new Promise((done) => running.once("exit", done)).finally(() => clearTimeout(timer));
  };
  /** The new server starts beside the old one on a port of its own; the old one stops once it listens. */
  async function startChild(): Promise<void> {
    const previous = child;
    const childPort = await freePort();
    // Checked after the await: a server started once exit() has stopped `child` would be left running.
    if (stopping) return;
    const started = spawn(process.execPath, ["--enable-source-maps", join(serverDir, "main.js")], {
      stdio: ["ignore", "pipe", "inherit"],
      env: {
        // Every page rendered per request: the dev build writes no kept pages (dist/client/pages.json
        // is the production build's), and a component's change shows on the next request.
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
    started.once("exit", (code, signal) => {
      if (stopping || started !== child) return;
      const why = `The server exited (${signal ?? `code ${code}`}). Save a file to rebuild and restart it.`;
      log(why);
      proxy.setUpstream(undefined, why);
    });
    if (await listening(childPort, started)) proxy.setUpstream(childPort);
    void stopChild(previous);
  }

  let first = true;
  async function rebuild(): Promise<void> {
    const started = performance.now();
    const since = () => Math.round(performance.now() - started);
    let restarted = false;
    // The server restarts as soon as its own bundle is written, while the client may still build.
    const serverStep = server.rebuild().then(async (result) => {
      const files = await writeServer(result.outputFiles);
      if (!first && files.some((file) => file.endsWith(".js"))) await startChild().then(() => (restarted = true));
      return files;
    });
    const clientStep = client
      .rebuild()
      .then((result) => writeClient([...result.outputFiles, devManifest(result.metafile!)]));
    const [clientFiles, serverFiles] = await Promise.allSettled([clientStep, serverStep]);
    if (clientFiles.status === "rejected" || serverFiles.status === "rejected") {
      const errors = [clientFiles, serverFiles].flatMap((r) =>
        r.status === "rejected" ? ((r.reason as esbuild.BuildFailure).errors ?? [{ text: String(r.reason) }]) : [],
      );
      const text = esbuild.formatMessagesSync(errors, { kind: "error", color: false }).join("\n");
      log(`${color(31, "build failed")} in ${since()} ms:\n${text}`);
      proxy.broadcast({ type: "error", text });
      if (first) proxy.setUpstream(undefined, text);
      return;
    }
    // The server reads the manifest once, at start.
    if (!restarted && (first || clientFiles.value.some((file) => file.endsWith("manifest.json")))) {
      await startChild();
      restarted = true;
    }
    const changed = [...clientFiles.value, ...serverFiles.value].filter((file) => !file.endsWith(".map"));
    const what = changed.length === 0 ? "no output changed" : changed.map((file) => relative(devDir, file)).join(", ");
    log(`${first ? "built" : "rebuilt"} in ${since()} ms${restarted ? ", server restarted" : ""} (${what})`);
    if (first) log(`ready on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
    first = false;
    if (restarted || changed.some((file) => file.endsWith(".js"))) proxy.broadcast({ type: "reload" });
    else proxy.broadcast({ type: changed.length > 0 ? "css" : "ok" });
  }

  await new Promise<void>((done, fail) => {
    proxy.server.once("error", (error: NodeJS.ErrnoException) =>
      fail(error.code === "EADDRINUSE" ? new Error(`Port ${port} is in use: set PORT to another one.`) : error),
    );
    proxy.server.listen(port, host, done);
  });
  const watcher = await watchSources(() =>
    rebuild().catch((error: unknown) => log(`rebuild crashed: ${String(error)}`)),
  );
  const types =
    process.env.DEV_TYPECHECK === "off"
      ? undefined
      : spawn("node_modules/.bin/tsc", ["--noEmit", "--watch", "--preserveWatchOutput"], {
          stdio: ["ignore", "inherit", "inherit"],
        });

  const exit = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    types?.kill();
    await Promise.allSettled([watcher.dispose(), client.dispose(), server.dispose(), stopChild(child), proxy.close()]);
    process.exit(0);
  };
  process.on("SIGINT", () => void exit("SIGINT"));
  process.on("SIGTERM", () => void exit("SIGTERM"));
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
