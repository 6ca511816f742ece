import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./freePort.ts";
import { contactEndpoint, contactFields } from "../../shared/contactMessages.ts";
import { keptPageUrls, NOT_FOUND_ROUTE_ID, routeByPath, type RouteId } from "../../shared/site.ts";

/** A request whose page the build reads, and the route whose stylesheet must cover it. */
interface PageRequest {
  routeId: RouteId | typeof NOT_FOUND_ROUTE_ID;
  url: string;
  init?: RequestInit;
}

/**
 * Every page the server can send, by route: each kept URL (variants included), the not-found
 * page, and the Contact page re-rendered with every field's error (what a form post without
 * JavaScript gets back).
 */
export function pageRequests(): PageRequest[] {
  const kept = keptPageUrls().map((url) => ({ routeId: routeByPath(url.split("?")[0]!)!.id, url }));
  return [
    ...kept,
    { routeId: NOT_FOUND_ROUTE_ID, url: "/this-page-does-not-exist" },
    {
      routeId: "contact",
      url: contactEndpoint,
      init: {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(contactFields.map((field) => [field, ""])).toString(),
      },
    },
  ];
}

/**
 * Starts the server just built (`dist/server/main.js`, production mode, loopback, nothing
 * logged) and collects the HTML of every page it serves, by route id. The build's own output is
 * the one source of truth for what a page contains: no second renderer to drift from it.
 */
export async function servedPages(main = "dist/server/main.js"): Promise<Map<string, string[]>> {
  const port = await freePort();
  // A queue file of its own: ./data's is locked by any server running from this folder.
  const queue = await mkdtemp(join(tmpdir(), "served-pages-"));
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "silent",
      SHUTDOWN_DRAIN_MS: "0",
      // The build needs pages, not metrics; 9464 may be taken by a server running beside it.
      METRICS_PORT: "0",
      CONTACT_OUTBOX_FILE: join(queue, "outbox.ndjson"),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk) => (errors += chunk));
  const exited = once(child, "exit");
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(`${base}/readyz`, () => child.exitCode === null);
    const pages = new Map<string, string[]>();
    for (const { routeId, url, init } of pageRequests()) {
      const response = await fetch(base + url, init);
      const html = await response.text();
      if (!html.includes("<html"))
        throw new Error(`${init?.method ?? "GET"} ${url} answered ${response.status} without a page`);
      pages.set(routeId, [...(pages.get(routeId) ?? []), html]);
    }
    return pages;
  } catch (error) {
    throw new Error(`Reading the built pages failed${errors ? `:\n${errors}` : ""}`, { cause: error });
  } finally {
    child.kill("SIGTERM");
    await exited;
    await rm(queue, { recursive: true, force: true });
  }
}

async function waitUntilReady(url: string, alive: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (alive() && Date.now() < deadline) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the built server did not become ready at ${url}`);
}
