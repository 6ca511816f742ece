import * as esbuild from "esbuild";
import { join } from "node:path";
import { tmpdir } from "node:os";

/**
 * Calls `onChange` whenever a source file of the client or the server bundle changes (and once at
 * the start, for the first scan). It is esbuild's own watcher over a bundle of both entries that
 * writes nothing: it polls the files it read, so an editor's atomic rename-save is seen like any
 * other write (Node's recursive fs.watch loses track of a file after one), and it follows the
 * imports as they change. node_modules are left out: an install is a restart.
 */
export async function watchSources(
  onChange: () => void,
  when: "start" | "end" = "start",
): Promise<esbuild.BuildContext> {
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
    plugins: [
      {
        name: "on-change",
        setup(build) {
          // Virtual imports (the font subset) have no file to watch.
          build.onResolve({ filter: /^font-subset:/ }, (args) => ({ path: args.path, external: true }));
          // "start": the caller's builds run alongside this pass, so the caller must itself notice
          // a save made while it was reading (npm run dev compares modification times). "end":
          // the caller reads after this pass did, so a save in between only means one more pass.
          if (when === "start") build.onStart(onChange);
          else build.onEnd(() => onChange());
        },
      },
    ],
  });
  await watcher.watch();
  return watcher;
}
