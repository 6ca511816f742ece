// esbuild splits code shared between the entry and lazily loaded pages into one chunk per
// distinct set of importers: with eight routes that is a dozen files of a few hundred bytes,
// each gzipped on its own, and about 3 KB of a route's 115 KB first-load budget is lost to
// that granularity. This pass hands esbuild's ES module output to Rollup, which folds
// everything the entry loads anyway into the entry file and merges small chunks.
// (docs/decisions/003-rollup-rechunk.md)
import { rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { minify } from "terser";
import { rollup, type OutputChunk, type RenderedChunk } from "@rollup/wasm-node";

export interface RechunkResult {
  /** File name (in outDir) of the entry. */
  entry: string;
  /** Esbuild output path -> the Rollup file that now holds it. */
  fileOf: Map<string, string>;
  /** Static imports of each Rollup file (names in outDir). */
  importsOf: Map<string, string[]>;
}

/**
 * V8's explicit compile hint (Chrome 136+): every function of the file is compiled on the thread
 * that streams the script in, rather than lazily on the main thread when first called. React
 * DOM's whole body is one CommonJS factory, so without it the first call compiled 200 KB of code
 * in one main-thread task; on the home page the hint took React DOM's main-thread time from 52
 * to 23 ms and the entry's from 27 to 14 (docs/decisions/008-compile-hints.md). Only chunks that
 * run when a page hydrates get it: eager compiling of code that may never run is waste.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Every file `file` imports, recursively, given each file's imports (what must load before it runs). */
export function reachable(importsOf: (file: string) => string[], file: string, seen = new Set<string>()): Set<string> {
  for (const imported of importsOf(file)) if (!seen.has(imported)) reachable(importsOf, imported, seen.add(imported));
  return seen;
}

/** Chunks holding a route page, and every chunk they import statically (by file name). */
function hydrationChunks(chunks: Record<string, RenderedChunk>, pages: Set<string>): Set<string> {
  const importsOf = (fileName: string) => chunks[fileName]?.imports ?? [];
  const roots = Object.values(chunks).filter((c) => !c.isEntry && c.moduleIds.some((id) => pages.has(resolve(id))));
  return new Set(roots.flatMap(({ fileName }) => [fileName, ...reachable(importsOf, fileName)]));
}

/**
 * @param entryFile esbuild's entry output (absolute path).
 * @param baseFiles esbuild outputs the entry imports statically: always loaded with it.
 * @param jsFiles every esbuild JS output, removed once Rollup has written the new files.
 * @param pageFiles esbuild outputs of the route pages: their chunks and what those import
 *   statically run in full when the page hydrates, so they carry V8's compile hint.
 * @param appFiles esbuild outputs that make one "app" chunk: what every page hydrates with
 *   (React, the router, the layout) and the small modules most pages share, which on their own
 *   would each cost a request, its headers and gzip framing.
 */
export async function rechunk(
  entryFile: string,
  baseFiles: string[],
  jsFiles: string[],
  outDir: string,
  publicPath: string,
  pageFiles: string[],
  appFiles: string[],
): Promise<RechunkResult> {
  const base = new Set([entryFile, ...baseFiles].map((f) => resolve(f)));
  const app = new Set(appFiles.map((f) => resolve(f)));
  const pages = new Set(pageFiles.map((f) => resolve(f)));
  const hydration = new WeakMap<Record<string, RenderedChunk>, Set<string>>();
  const bundle = await rollup({
    input: { "entry.client": entryFile },
    preserveEntrySignatures: false,
    treeshake: true,
    onwarn(warning, warn) {
      // Directives like "use client" mean nothing in a browser bundle.
      if (warning.code !== "CIRCULAR_DEPENDENCY" && warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
    },
    plugins: [
      {
        // esbuild wrote imports as public URLs (/assets/chunk-X.js): read them from outDir.
        name: "public-path",
        resolveId(source) {
          return source.startsWith(publicPath) ? join(outDir, source.slice(publicPath.length)) : null;
        },
      },
      {
        name: "minify",
        // Rollup's output keeps esbuild's minified code; terser's second pass (compress twice,
        // mangle) takes another 2-5% off what a phone downloads, about 2.5 KB gz on a route.
        async renderChunk(code, chunk, _options, { chunks }) {
          const result = await minify(code, {
            module: true,
            ecma: 2020,
            compress: { passes: 2 },
            mangle: true,
            format: { comments: false },
          });
          if (result.code === undefined) throw new Error("terser returned no code");
          // One graph per generate call: worked out for its first chunk, kept for the others.
          if (!hydration.has(chunks)) hydration.set(chunks, hydrationChunks(chunks, pages));
          const hinted = hydration.get(chunks)!.has(chunk.fileName);
          return { code: hinted ? COMPILE_HINT + result.code : result.code, map: null };
        },
      },
    ],
  });
  // Read what Rollup produced before deleting esbuild's files it was built from.
  const { output } = await bundle.generate({
    format: "es",
    compact: true,
    entryFileNames: "[name]-[hash].js",
    chunkFileNames: "chunk-[hash].js",
    manualChunks: (id) => (base.has(resolve(id)) ? "entry.client" : app.has(resolve(id)) ? "app" : undefined),
  });
  await bundle.close();

  await Promise.all(jsFiles.flatMap((file) => [rm(file, { force: true }), rm(`${file}.map`, { force: true })]));
  const chunks = output.filter((o): o is OutputChunk => o.type === "chunk");
  await Promise.all(chunks.map((chunk) => writeFile(join(outDir, chunk.fileName), chunk.code)));

  const fileOf = new Map<string, string>();
  const importsOf = new Map<string, string[]>();
  let entry = "";
  for (const chunk of chunks) {
    if (chunk.isEntry) entry = chunk.fileName;
    importsOf.set(chunk.fileName, chunk.imports);
    for (const id of chunk.moduleIds) fileOf.set(resolve(id), chunk.fileName);
  }
  if (!entry) throw new Error("Rollup produced no entry chunk");
  return { entry, fileOf, importsOf };
}
