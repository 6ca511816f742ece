import type { IncomingHttpHeaders, RequestListener } from "node:http";
import { listen } from "./listen.ts";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A status (200, 201, 302, 401, 422, 429, 500...): answer with it; "hang": never answer;
 * "reset": drop the connection without a word; "cut": send 200 and part of the body, then drop
 * the connection; "garbage": 200 with a body that is neither JSON nor text.
 */
export type UpstreamMode = number | "hang" | "reset" | "cut" | "garbage";

export interface FakeUpstream {
  url: string;
  received: ReceivedRequest[];
  mode: UpstreamMode;
  /** Per-request choice, e.g. fail only some messages of a replay. */
  decide?: (request: ReceivedRequest) => UpstreamMode;
  /** Wait this long before answering (lets a test see the "sending" state). */
  delayMs: number;
  close(): Promise<void>;
}

/** A real provider API stand-in on 127.0.0.1, port 0, that records what it is sent. */
export async function startUpstream(mode: UpstreamMode = 200): Promise<FakeUpstream> {
  const upstream: FakeUpstream = {
    url: "",
    received: [],
    mode,
    delayMs: 0,
    close: async () => {},
  };
  const answer: RequestListener = (req, res) => {
    void req.toArray().then((chunks: Buffer[]) => {
      const request = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      upstream.received.push(request);
      const mode = upstream.decide?.(request) ?? upstream.mode;
      if (mode === "hang") return;
      setTimeout(() => {
        switch (mode) {
          case "reset":
            return void req.socket.destroy();
          case "cut":
            res
              .writeHead(200, { "content-type": "application/json", "content-length": "1000" })
              .write('{"status":200,"no');
            return void setTimeout(() => req.socket.destroy(), 20);
          case "garbage":
            return void res
              .writeHead(200, { "content-type": "application/json" })
              .end(Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0xc3, 0x28, 0x0a, 0x1b]));
          case 302:
            return void res.writeHead(302, { location: "http://127.0.0.1:9/elsewhere" }).end();
          default:
            res
              .writeHead(mode, { "content-type": "application/json" })
              .end(JSON.stringify({ status: mode, note: "upstream body" }));
        }
      }, upstream.delayMs);
    });
  };
  const listening = await listen(answer);
  upstream.url = listening.url;
  upstream.close = listening.close;
  return upstream;
}

/** The address of an upstream that was started and closed: connecting is refused. */
export async function refusedUpstreamUrl(): Promise<string> {
  const upstream = await startUpstream();
  await upstream.close();
  return upstream.url;
}
