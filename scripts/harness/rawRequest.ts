import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent (still encoded). */
  raw: Buffer;
  /** The body decoded per Content-Encoding. */
  text: string;
}

const DECODERS: Record<string, (raw: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };

/** A request that leaves Accept-Encoding and the body alone (fetch would decode). */
export function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const decode = raw.length > 0 ? DECODERS[res.headers["content-encoding"] ?? ""] : undefined;
        const body = decode ? decode(raw) : raw;
        resolve({ status: res.statusCode!, headers: res.headers, raw, text: body.toString("utf8") });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}
