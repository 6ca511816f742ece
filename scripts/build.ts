// Builds the browser bundle (code-split ESM, hashed names, manifest) and the server bundle.
// Usage: tsx scripts/build.ts [--watch]
import * as esbuild from "esbuild";
import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { rechunk } from "./lib/rechunk.ts";
import type { BuildManifest } from "../server/assets.ts";

const root = process.cwd();
const outDir = join(root, "dist");
const clientOut = join(outDir, "client");
const assetsOut = join(clientOut, "assets");
const PUBLIC_PATH = "/assets/";

/** Route id -> page module (its chunk is what the route loads besides the entry). */
export const routePages: Record<string, string> = {
  home: "client/pages/HomePage.tsx",
  about: "client/pages/AboutPage.tsx",
  services: "client/pages/ServicesPage.tsx",
  category: "client/pages/CategoryPage.tsx",
  contact: "client/pages/ContactPage.tsx",
  privacy: "client/pages/PrivacyPolicyPage.tsx",
  terms: "client/pages/TermsPage.tsx",
  articles: "client/pages/RecentArticlesPage.tsx",
};

const clientOptions: esbuild.BuildOptions = {
  entryPoints: ["client/entry.client.tsx", "client/styles/noscript.css"],
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: ["es2022", "chrome111", "firefox114", "safari16.4"],
  outdir: assetsOut,
  entryNames: "[name]-[hash]",
  chunkNames: "chunk-[hash]",
  assetNames: "[name]-[hash]",
  publicPath: PUBLIC_PATH,
  minify: true,
  // Rollup re-chunks the JavaScript afterwards (scripts/lib/rechunk.ts); maps would not match.
  sourcemap: false,
  metafile: true,
  jsx: "automatic",
  legalComments: "none",
  loader: { ".woff2": "file", ".svg": "file", ".png": "file", ".webp": "file" },
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
};

const serverOptions: esbuild.BuildOptions = {
  entryPoints: { main: "server/main.ts" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  outdir: join(outDir, "server"),
  packages: "external",
  jsx: "automatic",
  sourcemap: "linked",
  loader: { ".css": "empty" },
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
};

const url = (file: string) => PUBLIC_PATH + relative(assetsOut, join(root, file)).split("\\").join("/");

/** Every chunk a file imports statically, recursively (what must load before it runs). */
function staticImports(meta: esbuild.Metafile, file: string, seen = new Set<string>()): Set<string> {
  for (const imp of meta.outputs[file]?.imports ?? []) {
    if (imp.kind !== "import-statement" || imp.external || seen.has(imp.path)) continue;
    seen.add(imp.path);
    staticImports(meta, imp.path, seen);
  }
  return seen;
}

/** The same over Rollup's files (names relative to the assets folder). */
function rollupImports(importsOf: Map<string, string[]>, file: string, seen = new Set<string>()): Set<string> {
  for (const imp of importsOf.get(file) ?? []) {
    if (seen.has(imp)) continue;
    seen.add(imp);
    rollupImports(importsOf, imp, seen);
  }
  return seen;
}

export async function bundleClient(meta: esbuild.Metafile): Promise<BuildManifest> {
  const outputs = Object.entries(meta.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint === "client/entry.client.tsx");
  if (!entry) throw new Error("The client entry is missing from the build");
  const [entryFile, entryOutput] = entry;
  const jsFiles = outputs.map(([file]) => file).filter((file) => file.endsWith(".js"));
  const chunked = await rechunk(entryFile, [...staticImports(meta, entryFile)], jsFiles, assetsOut, PUBLIC_PATH);
  const asset = (file: string) => PUBLIC_PATH + file;
  const fileOf = (esbuildFile: string) => {
    const file = chunked.fileOf.get(resolve(esbuildFile));
    if (!file) throw new Error(`${esbuildFile} is in no chunk after re-chunking`);
    return file;
  };
  const routes: Record<string, string[]> = {};
  for (const [id, page] of Object.entries(routePages)) {
    const chunk = outputs.find(([, o]) => o.entryPoint === page);
    if (!chunk) throw new Error(`No chunk for route ${id} (${page})`);
    const file = fileOf(chunk[0]);
    routes[id] = [file, ...rollupImports(chunked.importsOf, file)].map(asset);
  }
  return {
    entry: asset(chunked.entry),
    entryImports: [...rollupImports(chunked.importsOf, chunked.entry)].map(asset),
    stylesheets: entryOutput.cssBundle ? [url(entryOutput.cssBundle)] : [],
    noscriptStylesheets: outputs.filter(([, o]) => o.entryPoint === "client/styles/noscript.css").map(([file]) => url(file)),
    // Only the Latin subset of the text face is needed above the fold on every page.
    fonts: outputs
      .map(([file]) => file)
      .filter((file) => /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(file))
      .map(url),
    routes,
  };
}

export async function build(): Promise<BuildManifest> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(assetsOut, { recursive: true });
  const [client] = await Promise.all([esbuild.build(clientOptions), esbuild.build(serverOptions)]);
  const manifest = await bundleClient(client.metafile!);
  await writeFile(join(clientOut, "manifest.json"), JSON.stringify(manifest, null, 2));
  await writeFile(join(clientOut, "metafile.json"), JSON.stringify(client.metafile));
  if (existsSync("public")) await cp("public", join(clientOut, "public"), { recursive: true });
  return manifest;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("build.ts")) {
  const started = performance.now();
  build()
    .then(() => console.log(`built dist/ in ${Math.round(performance.now() - started)} ms`))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
