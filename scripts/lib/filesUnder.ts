import { readdirSync } from "node:fs";
import { join } from "node:path";

/** Every file under `dir`, recursively, whose name matches `name`: what the build and the generators walk. */
export function filesUnder(dir: string, name = /./): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && name.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}
