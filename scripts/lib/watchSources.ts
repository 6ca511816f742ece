import * as esbuild from "esbuild";
import { join } from "node:path";
import { tmpdir } from "node:os";

/**
 * Runs `build` once, then again whenever a source file of the client or the server bundle
 * changes, one build at a time: a change saved during a build means one more build right after
 * it. The watcher is esbuild's own, over a bundle of both entries that writes nothing: it polls
 * the files it read, so an editor's atomic rename-save is seen like any other write (Node's
 * recursive fs.watch loses track of a file after one), and it follows the imports as they
 * change. `build` is called once the watcher's pass has read the files, so a save after that
 * read is seen by the next pass. node_modules are left out: an install is a restart.
 */
export async function watchSources(build: () => Promise<void>): Promise<esbuild.BuildContext> {
  let running: Promise<void> | undefined;
  let again = false;
  const request = () => {
    if (running) return void (again = true);
    running = (async () => {
      do {
        again = false;
        await build();
      } while (again);
    })().finally(() => (running = undefined));
  };
  const watcher = await esbuild.context({
    entryPoints: ["client/entry.client.tsx", "client/styles/noscript.css", "server/main.ts"],
    bundle: true,
    write: false,
    outdir: join(tmpdir(), "watch-sources"),
    platform: "node",
    format: "esm",
    packages: "external",
    jsx: "automatic",
    logLevel: "silent",
    loader: { ".woff2": "empty", ".svg": "empty", ".png": "empty", ".webp": "empty" },
    plugins: [{ name: "on-change", setup: (build) => void build.onEnd(request) }],
  });
  await watcher.watch();
  return watcher;
}
