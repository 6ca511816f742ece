import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createHandler, type SiteHandler } from "../../server/handler.ts";
import { testConfig } from "../helpers/config.ts";

export interface HandlerServer {
  url: string;
  handler: SiteHandler;
  close(): Promise<void>;
}

/** What main.ts serves (fast path + Express), warmed, on 127.0.0.1 with a free port. */
export async function startHandler(env: Record<string, string> = {}, warm = true): Promise<HandlerServer> {
  const handler = createHandler(testConfig(env));
  if (warm) {
    await handler.warmUp();
    // Kept bodies are recompressed in the background after warm-up: tests compare bytes.
    await handler.renderCache?.settled();
  }
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    handler,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent (still encoded). */
  raw: Buffer;
  /** The body decoded per Content-Encoding. */
  text: string;
}

/** A request that leaves Accept-Encoding and the body alone (fetch would decode). */
export function get(base: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const body = raw.length === 0 ? raw : encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode!, headers: res.headers, raw, text: body.toString("utf8") });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}
