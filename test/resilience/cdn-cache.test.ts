import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnProductionServer } from "../../scripts/harness/productionServer.ts";
import { freePort } from "../../scripts/lib/freePort.ts";
import { siteRoutes } from "../../shared/site.ts";
import { makeRelease } from "../helpers/release.ts";

// A real cache in front of the fleet: Debian's nginx with proxy_cache, standing in for a CDN,
// configured without proxy_cache_use_stale, so whatever it serves stale it serves because our own
// Cache-Control allows it (stale-while-revalidate, stale-if-error: server/httpCaching.ts). The
// replicas run with short times (HTML_CACHE_SECONDS, HTML_STALE_SECONDS) so the test need not wait
// five minutes: with every replica stopped the cached pages are still served, and after a release
// the new HTML is served within s-maxage plus stale-while-revalidate.

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const FRESH_S = 2;
const STALE_S = 2;

let dir: string;
let releaseB: string;
let nginx: ChildProcess | undefined;
let nginxLog = "";
let url: string;
let ports: number[];
let replicas: Array<{ child: ChildProcess; exited: Promise<unknown>; output: () => string }> = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startReplicas(cwd?: string): Promise<void> {
  replicas = ports.map((port) =>
    spawnProductionServer(
      {
        PORT: String(port),
        SITE_URL: url,
        HTML_CACHE_SECONDS: String(FRESH_S),
        HTML_STALE_SECONDS: String(STALE_S),
      },
      cwd ? { cwd } : {},
    ),
  );
  for (const [i, { child, output }] of replicas.entries())
    for (let tries = 0; ; tries++) {
      if (child.exitCode !== null) throw new Error(`replica ${i} exited:\n${output()}`);
      const status = await fetch(`http://127.0.0.1:${ports[i]}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (tries > 300) throw new Error(`replica ${i} not ready:\n${output()}`);
      await sleep(100);
    }
}

async function stopReplicas(): Promise<void> {
  for (const { child, exited } of replicas) {
    child.kill("SIGKILL");
    await exited;
  }
  replicas = [];
}

async function get(path: string): Promise<{ status: number; cache: string; body: string; cacheControl: string }> {
  const res = await fetch(url + path, { headers: { "accept-encoding": "br" } });
  return {
    status: res.status,
    cache: res.headers.get("x-cache") ?? "",
    cacheControl: res.headers.get("cache-control") ?? "",
    body: await res.text(),
  };
}

beforeAll(async () => {
  expect(existsSync(NGINX), `${NGINX} not found: apt-get install -y nginx (or set NGINX_PATH)`).toBe(true);
  expect(existsSync("dist/server/main.js"), "run npm run build first").toBe(true);
  releaseB = makeRelease("b");
  dir = mkdtempSync(join(tmpdir(), "cdn-cache-"));
  for (const sub of ["cache", "tmp"]) mkdirSync(join(dir, sub));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  ports = [await freePort(), await freePort()];
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((name) => `${name}_temp_path ${join(dir, "tmp", name)};`)
    .join("\n  ");
  writeFileSync(
    join(dir, "nginx.conf"),
    `daemon off;
${process.getuid?.() === 0 ? "user root;" : ""}
pid ${join(dir, "nginx.pid")};
error_log stderr warn;
worker_processes 1;
events { worker_connections 256; }
http {
  access_log off;
  ${temp}
  proxy_cache_path ${join(dir, "cache")} levels=1:2 keys_zone=site:1m max_size=50m inactive=1d use_temp_path=off;
  upstream site { ${ports.map((p) => `server 127.0.0.1:${p} max_fails=0;`).join(" ")} }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_cache site;
      proxy_cache_revalidate on;
      proxy_cache_background_update on;
      # No proxy_cache_use_stale: staleness is the origin's Cache-Control alone.
      add_header X-Cache $upstream_cache_status always;
    }
  }
}
`,
  );
  await startReplicas();
  nginx = spawn(NGINX, ["-c", join(dir, "nginx.conf"), "-e", "stderr"], { stdio: ["ignore", "ignore", "pipe"] });
  nginx.stderr!.on("data", (d) => (nginxLog += d));
  for (let tries = 0; ; tries++) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited:\n${nginxLog}`);
    if (
      (await fetch(url + "/healthz").then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      break;
    if (tries > 100) throw new Error(`nginx not answering:\n${nginxLog}`);
    await sleep(100);
  }
});

afterAll(async () => {
  await stopReplicas();
  if (nginx && nginx.exitCode === null) {
    nginx.kill("SIGKILL");
    await once(nginx, "exit");
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (releaseB) rmSync(releaseB, { recursive: true, force: true });
});

describe("a cache in front of the fleet (nginx proxy_cache, obeying our Cache-Control)", () => {
  it("keeps every route, and serves each stale once every origin is down", async () => {
    for (const { path } of siteRoutes) {
      const first = await get(path);
      expect([first.status, first.cacheControl], path).toEqual([
        200,
        `public, max-age=0, s-maxage=${FRESH_S}, stale-while-revalidate=${STALE_S}, stale-if-error=86400`,
      ]);
      expect((await get(path)).cache, path).toBe("HIT");
    }
    await stopReplicas();
    // Past s-maxage and stale-while-revalidate: only stale-if-error lets the cache answer now.
    await sleep((FRESH_S + STALE_S) * 1000 + 500);
    for (const { path } of siteRoutes) {
      const page = await get(path);
      expect([page.status, page.cache], path).toEqual([200, "STALE"]);
      expect(page.body, path).toContain("</html>");
    }
  });

  it("serves the new release's HTML within s-maxage plus stale-while-revalidate of its start", async () => {
    // The old release back, and its home page fresh in the cache at the moment of the release.
    await startReplicas();
    expect((await get("/")).body).not.toContain("-b.");
    expect((await get("/")).cache).toBe("HIT");
    const cachedAt = performance.now();
    await stopReplicas();
    await startReplicas(releaseB);
    // From the moment the new release serves (its replicas took a moment to start).
    const started = performance.now();
    const sinceCached = () => ((performance.now() - cachedAt) / 1000).toFixed(1);
    let seconds = Infinity;
    for (let tries = 0; tries < 100; tries++) {
      if ((await get("/")).body.includes("-b.")) {
        seconds = (performance.now() - started) / 1000;
        break;
      }
      await sleep(200);
    }
    console.log(
      `cdn-cache: the new release's home page served ${seconds.toFixed(1)} s after the release was up ` +
        `(${sinceCached()} s after the old one was cached; s-maxage ${FRESH_S} s + stale-while-revalidate ${STALE_S} s)`,
    );
    // The goal is s-maxage + stale-while-revalidate (4 s here); a busy machine gets 5 s more.
    expect(seconds).toBeLessThan(FRESH_S + STALE_S + 5);
    // And the page now served is the new one everywhere it is asked for.
    for (const { path } of siteRoutes) {
      for (let tries = 0; tries < 50 && !(await get(path)).body.includes("-b."); tries++) await sleep(200);
      expect((await get(path)).body, path).toContain("-b.");
    }
  });
});
