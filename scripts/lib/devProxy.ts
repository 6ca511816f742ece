// The development front server (scripts/dev.ts): forwards every request to the site's server,
// which restarts behind it, and adds what only development needs: an event stream that reloads
// the open pages, the script that listens to it (added at the end of each HTML page), and no
// caching, so a reload always sees the newest build. The site's own server and its headers stay
// exactly as in production.
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

export const DEV_CLIENT_PATH = "/__dev/client.js";
export const DEV_EVENTS_PATH = "/__dev/events";
const SCRIPT_TAG = `<script type="module" src="${DEV_CLIENT_PATH}"></script>`;

export type DevEvent = { type: "reload" } | { type: "css" } | { type: "ok" } | { type: "error"; text: string };

export type DevProxy = ReturnType<typeof createDevProxy>;

/** How long a request waits for a (re)starting server before it is answered with an error page. */
const UPSTREAM_WAIT_MS = 15_000;

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function createDevProxy(clientScript: string) {
  const pages = new Set<ServerResponse>();
  let upstream: number | undefined;
  let problem: string | undefined;
  let lastError: DevEvent | undefined;

  const send = (res: ServerResponse, event: DevEvent) => res.write(`data: ${JSON.stringify(event)}\n\n`);

  function events(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store", Connection: "keep-alive" });
    res.write("retry: 300\n\n");
    if (lastError) send(res, lastError);
    pages.add(res);
    req.on("close", () => pages.delete(res));
  }

  /** Shown instead of a page while there is no server to ask (the first build failed, or it crashed). */
  function unavailable(res: ServerResponse): void {
    res.writeHead(503, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(
      `<!doctype html><title>Dev server</title><h1>No server running</h1><pre>${escapeHtml(problem ?? "Waiting for a build.")}</pre>${SCRIPT_TAG}`,
    );
  }

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = Buffer.concat(await req.toArray());
    const headers = { ...req.headers };
    // Always a fresh answer, and HTML uncompressed so the script can be added to it.
    delete headers["if-none-match"];
    delete headers["if-modified-since"];
    if (req.headers.accept?.includes("text/html")) headers["accept-encoding"] = "identity";
    const deadline = Date.now() + UPSTREAM_WAIT_MS;
    for (;;) {
      if (upstream === undefined) {
        if (problem !== undefined || Date.now() > deadline) return unavailable(res);
        await sleep(25);
        continue;
      }
      try {
        const answer = await new Promise<IncomingMessage>((resolve, reject) => {
          const out = request(
            { host: "127.0.0.1", port: upstream, method: req.method, path: req.url, headers },
            resolve,
          );
          out.on("error", reject);
          out.end(body);
        });
        const outHeaders = { ...answer.headers, "cache-control": "no-store" };
        delete outHeaders.etag;
        const html =
          String(answer.headers["content-type"] ?? "").startsWith("text/html") && !answer.headers["content-encoding"];
        if (html) delete outHeaders["content-length"];
        res.writeHead(answer.statusCode ?? 502, outHeaders);
        if (!html) return void answer.pipe(res);
        answer.pipe(res, { end: false });
        // After </html> the parser puts it at the end of <body>, outside the hydrated root.
        answer.on("end", () => res.end(req.method === "HEAD" ? undefined : SCRIPT_TAG));
        return;
      } catch (error) {
        // The server is restarting: wait for it rather than fail the reload it asked for.
        if ((error as NodeJS.ErrnoException).code !== "ECONNREFUSED" || Date.now() > deadline) throw error;
        await sleep(25);
      }
    }
  }

  const server = createServer((req, res) => {
    if (req.url === DEV_EVENTS_PATH) return events(req, res);
    if (req.url === DEV_CLIENT_PATH) {
      res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" });
      return void res.end(clientScript);
    }
    forward(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(`Dev proxy: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  // The event streams stay open for as long as the pages do.
  server.requestTimeout = 0;

  return {
    server,
    /** Sends an event to every open page. "error" is remembered for pages that open later. */
    broadcast(event: DevEvent) {
      lastError = event.type === "error" ? event : undefined;
      for (const page of pages) send(page, event);
    },
    /** Where the site's server listens; undefined while there is none (answers wait for one). */
    setUpstream(port: number | undefined, why?: string) {
      upstream = port;
      problem = port === undefined ? why : undefined;
    },
    close() {
      for (const page of pages) page.end();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
