import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A copy of dist/ whose every hashed file under assets/ is renamed, and every reference to it. */
export function makeRelease(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), `release-${tag}-`));
  cpSync("dist", join(dir, "dist"), { recursive: true });
  cpSync("package.json", join(dir, "package.json"));
  const assets = join(dir, "dist/client/assets");
  const stems = new Map<string, string>();
  for (const file of readdirSync(assets, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const path = join(file.parentPath, file.name);
    // Precompressed copies hold the old names inside: the server compresses the renamed files itself.
    if (/\.(br|gz)$/.test(file.name)) {
      rmSync(path);
      continue;
    }
    const dot = file.name.lastIndexOf(".");
    const stem = file.name.slice(0, dot);
    stems.set(`${stem}.`, `${stem}-${tag}.`);
    renameSync(path, join(file.parentPath, `${stem}-${tag}${file.name.slice(dot)}`));
  }
  const keys = [...stems.keys()].sort((a, b) => b.length - a.length);
  for (const file of readdirSync(join(dir, "dist"), { recursive: true, withFileTypes: true })) {
    if (!file.isFile() || !/\.(js|mjs|css|json|html|svg|webmanifest)$/.test(file.name)) continue;
    const path = join(file.parentPath, file.name);
    const text = readFileSync(path, "utf8");
    let changed = text;
    for (const key of keys) changed = changed.replaceAll(key, stems.get(key)!);
    if (changed !== text) writeFileSync(path, changed);
  }
  // The CSP hashes of the inline rules follow their text, which named the renamed font.
  const manifestFile = join(dir, "dist/client/manifest.json");
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as {
    buildId?: string;
    routeStyles?: Record<string, { head: string; body?: string; styleSrc: string[] }>;
  };
  const sha = (css: string) => `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
  for (const style of Object.values(manifest.routeStyles ?? {}))
    style.styleSrc = [style.head, ...(style.body === undefined ? [] : [style.body])].map(sha);
  // Another build: its pages' validators (ETags) differ from the first's, as a real release's do.
  manifest.buildId = `${manifest.buildId ?? ""}-${tag}`;
  writeFileSync(manifestFile, JSON.stringify(manifest));
  return dir;
}
