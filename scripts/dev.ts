// Development: rebuild on change and restart the server (production bundle, so what you see
// is what ships). Usage: npm run dev
import { spawn, type ChildProcess } from "node:child_process";
import { watch } from "node:fs";
import { build } from "./build.ts";

let server: ChildProcess | undefined;
let timer: NodeJS.Timeout | undefined;
let building = false;

async function rebuild(): Promise<void> {
  if (building) return;
  building = true;
  try {
    await build();
    server?.kill("SIGTERM");
    server = spawn(process.execPath, ["dist/server/main.js"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "development" } });
  } catch (error) {
    console.error(error);
  } finally {
    building = false;
  }
}

for (const dir of ["client", "server", "shared", "public"]) {
  watch(dir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(rebuild, 150);
  });
}
// Ctrl-C, and SIGTERM from npm or a supervisor: the server goes with the dev loop, never orphaned.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server?.kill("SIGTERM");
    process.exit(0);
  });
}
void rebuild();
