// Builds the browser bundle (code-split ESM, hashed names, manifest) and the server bundle.
// Usage: tsx scripts/build.ts [--watch]
import * as esbuild from "esbuild";
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { createHash } from "node:crypto";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
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
  entryPoints: ["client/entry.client.tsx"],
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
  sourcemap: "linked",
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
  metafile: true,
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

export function manifestFrom(meta: esbuild.Metafile): BuildManifest {
  const outputs = Object.entries(meta.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint === "client/entry.client.tsx");
  if (!entry) throw new Error("The client entry is missing from the build");
  const [entryFile, entryOutput] = entry;
  const routes: Record<string, string[]> = {};
  for (const [id, page] of Object.entries(routePages)) {
    const chunk = outputs.find(([, o]) => o.entryPoint === page);
    if (!chunk) throw new Error(`No chunk for route ${id} (${page})`);
    routes[id] = [chunk[0], ...staticImports(meta, chunk[0])].map(url);
  }
  return {
    entry: url(entryFile),
    entryImports: [...staticImports(meta, entryFile)].map(url),
    stylesheets: entryOutput.cssBundle ? [url(entryOutput.cssBundle)] : [],
    // Only the Latin subset of the text face is needed above the fold on every page.
    fonts: outputs
      .map(([file]) => file)
      .filter((file) => /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(file))
      .map(url),
    routes,
  };
}

/** Text-like files worth compressing; fonts and images are compressed already, maps are rare. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|webmanifest)$/i;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes file.br and file.gz beside each compressible file, at the best levels (the server
 * sends them as they are, so the build pays once instead of every request). A variant that
 * does not save at least a tenth is left out.
 */
export async function precompress(dir: string): Promise<number> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      if (data.length < 1024) return;
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      for (const [ext, body] of [["br", br], ["gz", gz]] as const) {
        if (body.length > data.length * 0.9) continue;
        await writeFile(`${file}.${ext}`, body);
        written++;
      }
    }),
  );
  return written;
}

/** A hash of every file the build wrote: it changes whenever any page's HTML can change. */
async function buildIdOf(...metafiles: esbuild.Metafile[]): Promise<string> {
  const hash = createHash("sha256");
  const files = metafiles.flatMap((meta) => Object.keys(meta.outputs)).sort();
  for (const file of files) hash.update(file).update(await readFile(join(root, file)));
  return hash.digest("base64url").slice(0, 16);
}

export async function build(): Promise<BuildManifest> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(assetsOut, { recursive: true });
  const [client, server] = await Promise.all([esbuild.build(clientOptions), esbuild.build(serverOptions)]);
  const manifest: BuildManifest = { ...manifestFrom(client.metafile!), buildId: await buildIdOf(client.metafile!, server.metafile!) };
  await writeFile(join(clientOut, "manifest.json"), JSON.stringify(manifest, null, 2));
  await writeFile(join(clientOut, "metafile.json"), JSON.stringify(client.metafile));
  if (existsSync("public")) await cp("public", join(clientOut, "public"), { recursive: true });
  await Promise.all([precompress(assetsOut), existsSync("public") ? precompress(join(clientOut, "public")) : 0]);
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
