import { describe, expect, it } from "vitest";
import { once } from "node:events";
import { connect } from "node:net";
import { spawnProductionServer, startProductionServer } from "../../scripts/harness/productionServer.ts";

/** The signal is handled asynchronously: wait (bounded) until /readyz says the drain began. */
async function readinessAfterSignal(url: string): Promise<number> {
  let status = 0;
  for (let i = 0; i < 100 && status !== 503; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 50));
    status = await fetch(`${url}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
  }
  return status;
}

describe("the production process", () => {
  it("exits 1 with a message naming a bad variable", async () => {
    const { output, exited } = spawnProductionServer({ PORT: "not-a-port" });
    expect(await exited).toBe(1);
    expect(output()).toMatch(/PORT="not-a-port"/);
  });

  it("refuses TRUST_PROXY=true: exit 1 with a sentence saying why", async () => {
    const { output, exited } = spawnProductionServer({ TRUST_PROXY: "true" });
    expect(await exited).toBe(1);
    expect(output()).toMatch(/TRUST_PROXY="true": .*any client could pick its own address/);
  });

  it("never prints a credential of a bad URL, and names the schemes it accepts", async () => {
    const { output, exited } = spawnProductionServer({
      REDIS_URL: "redis+tls://default:hunter2@cache.internal:6380/?token=t0k3n",
    });
    expect(await exited).toBe(1);
    expect(output()).toContain(
      'REDIS_URL="redis+tls://***@cache.internal:6380/?***": must be a URL starting with redis:// or rediss://',
    );
    expect(output()).not.toMatch(/hunter2|t0k3n|default/);
  });

  it("on SIGTERM turns unready at once, serves through the drain with Connection: close, then refuses and exits 0", async () => {
    const drainMs = 1500;
    const { child, port, output, exited } = await startProductionServer({ SHUTDOWN_DRAIN_MS: String(drainMs) });

    // A response that has begun when the signal arrives must still be delivered whole.
    const socket = connect(port, "127.0.0.1");
    socket.write("GET /TermsCondition HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
    let received = "";
    const firstBytes = new Promise<void>((resolve) => socket.once("data", () => resolve()));
    socket.on("data", (d: Buffer) => (received += d.toString()));
    const closed = once(socket, "close");
    await firstBytes;
    const signalled = Date.now();
    child.kill("SIGTERM");

    // Draining: the balancer's probe sees 503; pages (fast path) and Express routes still answer,
    // each with Connection: close so keep-alive clients reconnect elsewhere.
    expect(await readinessAfterSignal(`http://127.0.0.1:${port}`)).toBe(503);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(await ready.json()).toEqual({ status: "shutting down", contact: "ok" });
    for (const path of ["/", "/healthz", "/no-such-page"]) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      await res.arrayBuffer();
      expect([path, res.headers.get("connection")]).toEqual([path, "close"]);
    }

    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(drainMs);
    await closed;
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received).toContain("</html>");
    expect(output()).toContain("shutting down");
  });

  it("SIGINT skips the drain", async () => {
    const { child, exited } = await startProductionServer({ SHUTDOWN_DRAIN_MS: "60000" });
    const signalled = Date.now();
    child.kill("SIGINT");
    expect(await exited).toBe(0);
    // Far below the 60 s drain: a generous bound, not a timing goal.
    expect(Date.now() - signalled).toBeLessThan(15_000);
  });

  it("a second SIGTERM during the drain ends the process now", async () => {
    const { child, url, output, exited } = await startProductionServer({ SHUTDOWN_DRAIN_MS: "60000" });
    const signalled = Date.now();
    child.kill("SIGTERM");
    // Still serving: the first signal started the drain.
    expect(await readinessAfterSignal(url)).toBe(503);
    child.kill("SIGTERM");
    expect(await exited).toBe(143);
    expect(Date.now() - signalled).toBeLessThan(15_000);
    expect(output()).toContain("second signal");
  });

  it("SHUTDOWN_DRAIN_MS=0 closes the listener at once", async () => {
    const { child, url, exited } = await startProductionServer({ SHUTDOWN_DRAIN_MS: "0" });
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
