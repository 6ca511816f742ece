import { afterEach, describe, expect, it } from "vitest";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { createDevProxy, DEV_CLIENT_PATH, DEV_EVENTS_PATH, type DevProxy } from "../../scripts/lib/devProxy.ts";
import { freePort } from "../../scripts/lib/freePort.ts";
import { listen, type Listening } from "../../scripts/harness/listen.ts";
import { get } from "../../scripts/harness/rawRequest.ts";

// The development front server of npm run dev: what it adds to the site's answers, and that a
// reload asked for while the server restarts waits for it instead of failing.

const PAGE = "<!doctype html><html><head><title>t</title></head><body><div id=root>page</div></body></html>";

let proxy: DevProxy | undefined;
let upstream: Listening | undefined;
afterEach(async () => {
  await proxy?.close();
  await upstream?.close();
  proxy = upstream = undefined;
});

async function startProxy(): Promise<string> {
  proxy = createDevProxy("/* client */");
  await new Promise<void>((done) => proxy!.server.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
}

function site() {
  return listen((req, res) => {
    if (req.url === "/style.css") {
      res.writeHead(200, {
        "Content-Type": "text/css",
        "Cache-Control": "public, max-age=31536000, immutable",
        ETag: '"a"',
      });
      return void res.end("body{}");
    }
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": Buffer.byteLength(PAGE),
      ETag: '"p"',
    });
    res.end(PAGE);
  });
}

describe("dev proxy", () => {
  it("adds the live-reload script to pages, never caches, and passes other files through", async () => {
    upstream = await site();
    const url = await startProxy();
    proxy!.setUpstream(Number(new URL(upstream.url).port));
    const page = await get(url, "/", { Accept: "text/html", "If-None-Match": '"p"' });
    expect(page.status).toBe(200);
    expect(page.text).toBe(`${PAGE}<script type="module" src="${DEV_CLIENT_PATH}"></script>`);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers.etag).toBeUndefined();
    const css = await get(url, "/style.css");
    expect(css.text).toBe("body{}");
    expect(css.headers["cache-control"]).toBe("no-store");
    const script = await get(url, DEV_CLIENT_PATH);
    expect(script.headers["content-type"]).toContain("text/javascript");
    expect(script.text).toBe("/* client */");
  });

  it("holds a request while the server restarts, then answers it from the new one", async () => {
    const url = await startProxy();
    const port = await freePort();
    proxy!.setUpstream(port); // nothing listens there yet: the restart is under way
    const answer = get(url, "/", { Accept: "text/html" });
    await new Promise((done) => setTimeout(done, 300));
    upstream = await site();
    // The new server listens elsewhere; the proxy switches to it once it is up.
    proxy!.setUpstream(Number(new URL(upstream.url).port));
    const page = await answer;
    expect(page.status).toBe(200);
    expect(page.text).toContain("page");
  });

  it("says why there is no server instead of a page, with the script that reloads once there is", async () => {
    const url = await startProxy();
    proxy!.setUpstream(undefined, "Build failed: x.ts:1:1 unexpected token");
    const page = await get(url, "/", { Accept: "text/html" });
    expect(page.status).toBe(503);
    expect(page.text).toContain("Build failed: x.ts:1:1 unexpected token");
    expect(page.text).toContain(DEV_CLIENT_PATH);
  });

  it("streams events to open pages, and tells a page that opens later about a standing build error", async () => {
    const url = await startProxy();
    const events = (onData: (text: string) => void) =>
      new Promise<() => void>((resolve) => {
        const req = request(`${url}${DEV_EVENTS_PATH}`, (res) => {
          expect(res.headers["content-type"]).toBe("text/event-stream");
          res.setEncoding("utf8");
          res.on("data", onData);
          resolve(() => req.destroy());
        });
        req.end();
      });
    let first = "";
    const closeFirst = await events((text) => (first += text));
    proxy!.broadcast({ type: "error", text: "boom" });
    await expect.poll(() => first).toContain('data: {"type":"error","text":"boom"}');
    let later = "";
    const closeLater = await events((text) => (later += text));
    await expect.poll(() => later).toContain('"text":"boom"');
    proxy!.broadcast({ type: "reload" });
    await expect.poll(() => first + later).toMatch(/"reload"[\s\S]*"reload"/);
    closeFirst();
    closeLater();
  });
});
