import { afterEach, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { createLifecycle } from "../../server/health.ts";
import { createShutdown } from "../../server/shutdown.ts";

// The lame-duck sequence in-process, on a real node:http server (the process-level behaviour,
// signals included, is in process.test.ts and test/resilience/shutdown.test.ts).

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(undefined));
  server = undefined;
});

async function setUp(drainMs: number) {
  const lifecycle = createLifecycle();
  // Written like the fast page path: headers as an array, then end.
  server = createServer((_req, res) => res.writeHead(200, ["Content-Type", "text/plain"]).end("page"));
  const exits: number[] = [];
  const shutdown = createShutdown({
    server,
    lifecycle,
    logger: pino({ level: "silent" }),
    drainMs,
    graceMs: 1000,
    exit: (code) => void exits.push(code),
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { lifecycle, shutdown, exits, url };
}

const get = async (url: string) => {
  const res = await fetch(url);
  await res.text();
  return { status: res.status, connection: res.headers.get("connection") };
};

describe("createShutdown", () => {
  it("SIGTERM: unready at once, serves with Connection: close through the drain, then closes and exits 0", async () => {
    const { lifecycle, shutdown, exits, url } = await setUp(400);
    expect(await get(url)).toEqual({ status: 200, connection: "keep-alive" });

    shutdown.onSignal("SIGTERM");
    expect(lifecycle.shuttingDown).toBe(true);
    expect(shutdown.phase).toBe("draining");
    expect(await get(url)).toEqual({ status: 200, connection: "close" });
    expect(server!.listening).toBe(true);

    await expect.poll(() => exits).toEqual([0]);
    expect(shutdown.phase).toBe("closing");
    expect(server!.listening).toBe(false);
    expect(exits).toEqual([0]);
  });

  it("SIGINT skips the drain", async () => {
    const { shutdown, exits } = await setUp(60_000);
    shutdown.onSignal("SIGINT");
    expect(shutdown.phase).toBe("closing");
    await expect.poll(() => exits).toEqual([0]);
  });

  it("a second signal exits now, with 128 + the signal number", async () => {
    const { shutdown, exits } = await setUp(60_000);
    shutdown.onSignal("SIGTERM");
    shutdown.onSignal("SIGINT");
    expect(exits).toEqual([130]);
  });
});
