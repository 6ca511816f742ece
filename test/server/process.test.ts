import { describe, expect, it } from "vitest";
import { once } from "node:events";
import { connect } from "node:net";
import { spawnProductionServer, startProductionServer } from "../helpers/productionServer.ts";

describe("the production process", () => {
  it("exits 1 with a message naming a bad variable", async () => {
    const { output, exited } = spawnProductionServer({ PORT: "not-a-port" });
    expect(await exited).toBe(1);
    expect(output()).toMatch(/PORT="not-a-port"/);
  });

  it("on SIGTERM turns unready, finishes the response in flight, refuses new connections and exits 0", async () => {
    const { child, port, output, exited } = await startProductionServer();

    // A response that has begun when the signal arrives must still be delivered whole.
    const socket = connect(port, "127.0.0.1");
    socket.write("GET /TermsCondition HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
    let received = "";
    const firstBytes = new Promise<void>((resolve) => socket.once("data", () => resolve()));
    socket.on("data", (d: Buffer) => (received += d.toString()));
    const closed = once(socket, "close");
    await firstBytes;
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

    expect(await exited).toBe(0);
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received).toContain("</html>");
    expect(output()).toContain("shutting down");
  });
});
