// Builds the browser bundle (code-split ESM, hashed names, manifest) and the server bundle.
// Usage: tsx scripts/build.ts (npm run build); npm run dev rebuilds on every change.
import * as esbuild from "esbuild";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { join, relative, resolve } from "node:path";
import { filesUnder } from "./lib/filesUnder.ts";
import { reachable, rechunk } from "./lib/rechunk.ts";
import { embedSvgFonts } from "./lib/svgFont.ts";
import { firstScreenOf, inlineStyleOf, SCHEME_STATES, SCRIPT_STATES, usedCss } from "./lib/usedCss.ts";
import type { BuildManifest } from "../server/assets.ts";
import { compress } from "../server/renderCache.ts";
import { siteRoutes } from "../shared/site.ts";

const root = process.cwd();
const outDir = join(root, "dist");
const clientOut = join(outDir, "client");
const assetsOut = join(clientOut, "assets");
const PUBLIC_PATH = "/assets/";
/** What every page hydrates with (React, the router, the layout), loaded by the entry. */
const HYDRATE = "client/hydrate.tsx";
/** Small modules most pages share: they ship in one chunk with the above (scripts/lib/rechunk.ts). */
const SHARED_SMALL =
  /^(client\/components\/(PageHeader|PageMeta|Reveal|FeatureCard|SectionHeading)\.tsx|client\/domId\.ts)$/;

/** Route id -> page module (its chunk is what the route loads besides the entry), from the route table. */
const routePages: Record<string, string> = Object.fromEntries(
  siteRoutes.map((route) => [route.id, `client/pages/${route.module}.tsx`]),
);

export const clientOptions: esbuild.BuildOptions = {
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
  loader: { ".svg": "file", ".png": "file", ".webp": "file", ".woff2": "file" },
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
};

function packageVersion(): string {
  return (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;
}

/** The commit being built: BUILD_COMMIT (an image build without .git), else git's, else "unknown". */
function buildCommit(): string {
  if (process.env.BUILD_COMMIT) return process.env.BUILD_COMMIT;
  const git = spawnSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: root, encoding: "utf8" });
  return git.status === 0 ? git.stdout.trim() : "unknown";
}

export const serverOptions: esbuild.BuildOptions = {
  // The contact queue's CLI ships beside the server, so an operator can run it inside the image.
  entryPoints: { main: "server/main.ts", outbox: "server/outbox.ts" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  outdir: join(outDir, "server"),
  // What the server and the operator's command share (bullmq, zod...) is one chunk, not two copies.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  // Dependencies are bundled too: the image then ships dist/ and no node_modules (a few MB
  // of what the server runs instead of every file of every package). CommonJS inside an ES
  // module needs `require`: the banner gives it one.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  jsx: "automatic",
  sourcemap: "linked",
  metafile: true,
  loader: { ".css": "empty" },
  define: {
    "process.env.NODE_ENV": '"production"',
    // build_info on /metrics (server/logger.ts buildInfo): what runs, from which commit.
    __BUILD_VERSION__: JSON.stringify(packageVersion()),
    __BUILD_COMMIT__: JSON.stringify(buildCommit()),
  },
  logLevel: "warning",
};

/** esbuild's static imports of an output chunk. */
const esbuildImports = (meta: esbuild.Metafile) => (file: string) =>
  (meta.outputs[file]?.imports ?? [])
    .filter((imp) => imp.kind === "import-statement" && !imp.external)
    .map((imp) => imp.path);

/** Source modules in each shipped JS file (public URL -> inputs): for budget and chunk tests. */
function modulesByFile(meta: esbuild.Metafile, chunked: Awaited<ReturnType<typeof rechunk>>): Record<string, string[]> {
  const modules: Record<string, string[]> = {};
  for (const [file, output] of Object.entries(meta.outputs)) {
    const shipped = chunked.fileOf.get(resolve(file));
    if (!shipped) continue;
    (modules[PUBLIC_PATH + shipped] ??= []).push(...Object.keys(output.inputs));
  }
  return modules;
}

/**
 * Per route, the rules its pages use and the CSP sources that allow them, inlined so the first
 * paint needs no stylesheet request and the page's first round trip carries as little CSS as it
 * can; server/assets.ts turns them into the page's <style> elements and its headers. A page
 * inlines every rule its HTML and its scripts' states use (scripts/lib/usedCss.ts), so the whole
 * stylesheet is needed only to show another route. The home page, too long for that, inlines its
 * first screen's rules in <head> and all of its rules in <body> (`body`, client/PageRules.tsx):
 * in the same brotli stream the repeated rules cost next to nothing. The pages are rendered in
 * this process (scripts/lib/renderedPages.ts): no server is started.
 */
export async function routeStyles(manifest: BuildManifest): Promise<NonNullable<BuildManifest["routeStyles"]>> {
  const css = (
    await Promise.all(
      manifest.stylesheets.map((href) => readFile(join(assetsOut, href.slice(PUBLIC_PATH.length)), "utf8")),
    )
  ).join("\n");
  // Loaded here, not at the top: npm run dev imports this file and renders nothing at build.
  const { renderedPages } = await import("./lib/renderedPages.ts");
  const pages = await renderedPages(manifest);
  const styles: NonNullable<BuildManifest["routeStyles"]> = {};
  for (const [routeId, html] of pages) {
    const firstScreens = html.map(firstScreenOf);
    const whole = inlineStyleOf(await usedCss(css, [...html, SCHEME_STATES, SCRIPT_STATES]), `${routeId}'s rules`);
    const head = firstScreens.some((part, i) => part !== html[i])
      ? inlineStyleOf(await usedCss(css, [...firstScreens, SCHEME_STATES]), `${routeId}'s first screen`)
      : whole;
    const body = head === whole ? undefined : whole;
    styles[routeId] = {
      head: head.css,
      ...(body ? { body: body.css } : {}),
      styleSrc: [head, ...(body ? [body] : [])].map((style) => `'${style.hash}'`),
    };
  }
  return styles;
}

async function bundleClient(
  meta: esbuild.Metafile,
): Promise<{ manifest: BuildManifest; modules: Record<string, string[]> }> {
  const { outputs, entryFile, assets } = pageAssets(meta, assetsOut);
  const jsFiles = outputs.map(([file]) => file).filter((file) => file.endsWith(".js"));
  // Route id -> esbuild's output for its page.
  const pageFileOf: Record<string, string> = {};
  for (const [id, page] of Object.entries(routePages)) {
    const chunk = outputs.find(([, o]) => o.entryPoint === page);
    if (!chunk) throw new Error(`No chunk for route ${id} (${page})`);
    pageFileOf[id] = chunk[0];
  }
  const hydrateFile = outputs.find(([, o]) => o.entryPoint === HYDRATE)?.[0];
  if (!hydrateFile) throw new Error(`No chunk for ${HYDRATE}`);
  const appFiles = [
    hydrateFile,
    ...reachable(esbuildImports(meta), hydrateFile),
    ...outputs
      .filter(([file, o]) => file.endsWith(".js") && Object.keys(o.inputs).every((input) => SHARED_SMALL.test(input)))
      .map(([file]) => file),
  ];
  const chunked = await rechunk(
    entryFile,
    [...reachable(esbuildImports(meta), entryFile)],
    jsFiles,
    assetsOut,
    PUBLIC_PATH,
    Object.values(pageFileOf),
    appFiles,
  );
  const asset = (file: string) => PUBLIC_PATH + file;
  const fileOf = (esbuildFile: string) => {
    const file = chunked.fileOf.get(resolve(esbuildFile));
    if (!file) throw new Error(`${esbuildFile} is in no chunk after re-chunking`);
    return file;
  };
  const rollupImports = (file: string) => chunked.importsOf.get(file) ?? [];
  const routes: Record<string, string[]> = {};
  for (const [id, pageFile] of Object.entries(pageFileOf)) {
    const file = fileOf(pageFile);
    routes[id] = [file, ...reachable(rollupImports, file)].map(asset);
  }
  const manifest = {
    entry: asset(chunked.entry),
    entryImports: [...reachable(rollupImports, chunked.entry)].map(asset),
    ...assets,
    routes,
  };
  return { manifest, modules: modulesByFile(meta, chunked) };
}

/**
 * The client entry's output, and the stylesheets and the typeface (preloaded by every page) as the
 * manifest lists them, by URL from `assetsDir`: the production build and the dev loop alike.
 */
export function pageAssets(meta: esbuild.Metafile, assetsDir: string) {
  const url = (file: string) => PUBLIC_PATH + relative(assetsDir, join(root, file)).split("\\").join("/");
  const outputs = Object.entries(meta.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint === "client/entry.client.tsx");
  if (!entry) throw new Error("The client entry is missing from the build");
  const assets: Pick<BuildManifest, "stylesheets" | "noscriptStylesheets" | "fonts"> = {
    stylesheets: entry[1].cssBundle ? [url(entry[1].cssBundle)] : [],
    noscriptStylesheets: outputs
      .filter(([, o]) => o.entryPoint === "client/styles/noscript.css")
      .map(([file]) => url(file)),
    fonts: outputs.filter(([file]) => file.endsWith(".woff2")).map(([file]) => url(file)),
  };
  return { outputs, entryFile: entry[0], url, assets };
}

/** Text-like files worth compressing; fonts and images are compressed already, maps are rare. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|webmanifest)$/i;

/**
 * Writes file.br and file.gz beside each compressible file, at the best levels (the server
 * sends them as they are, so the build pays once instead of every request). A variant that
 * does not save at least a tenth is left out.
 */
export async function precompress(dir: string): Promise<number> {
  const files = filesUnder(dir, COMPRESSIBLE);
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      if (data.length < 1024) return;
      const { br, gzip: gz } = await compress(data, true);
      for (const [ext, body] of Object.entries({ br, gz })) {
        if (body.length > data.length * 0.9) continue;
        await writeFile(`${file}.${ext}`, body);
        written++;
      }
    }),
  );
  return written;
}

/** A hash of every file the build wrote: it changes whenever any page's HTML can change. */
async function buildIdOf(dirs: string[]): Promise<string> {
  const hash = createHash("sha256");
  for (const dir of dirs) {
    for (const file of filesUnder(dir).sort()) hash.update(relative(root, file)).update(await readFile(file));
  }
  return hash.digest("base64url").slice(0, 16);
}

export async function build(): Promise<BuildManifest> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(assetsOut, { recursive: true });
  const [client] = await Promise.all([esbuild.build(clientOptions), esbuild.build(serverOptions)]);
  const { manifest, modules } = await bundleClient(client.metafile!);
  await embedSvgFonts(assetsOut); // pictures the CSS bundles (content: url(...)) set text too
  manifest.buildId = await buildIdOf([assetsOut, join(outDir, "server")]);
  manifest.routeStyles = await routeStyles(manifest);
  await writeFile(join(clientOut, "manifest.json"), JSON.stringify(manifest, null, 2));
  // The pages the server keeps, rendered here once (server/renderCache.ts puts its origins in).
  const { keptPages } = await import("./lib/renderedPages.ts");
  await writeFile(join(clientOut, "pages.json"), JSON.stringify(await keptPages(manifest)));
  await writeFile(join(clientOut, "modules.json"), JSON.stringify(modules, null, 1));
  if (existsSync("public")) {
    await cp("public", join(clientOut, "public"), { recursive: true });
    await embedSvgFonts(join(clientOut, "public"));
  }
  await Promise.all([precompress(assetsOut), existsSync("public") ? precompress(join(clientOut, "public")) : 0]);
  return manifest;
}

if (process.argv[1]?.endsWith("build.ts")) {
  const started = performance.now();
  await build().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
  console.log(`built dist/ in ${Math.round(performance.now() - started)} ms`);
}
