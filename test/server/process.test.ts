import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { connect } from "node:net";

const MAIN = "dist/server/main.js";

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, LOG_LEVEL: "info", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return { child, output: () => output };
}

async function waitForPort(read: () => string): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const match = read().match(/"port":(\d+)/);
    if (match) return Number(match[1]);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not start:\n${read()}`);
}

/** /readyz turns 200 once the render cache is warm (a moment after the port opens). */
async function waitForReady(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("the server never turned ready");
}

describe("the production process", () => {
  it("exits 1 with a message naming a bad variable", async () => {
    const { child, output } = start({ PORT: "not-a-port" });
    const [code] = await once(child, "exit");
    expect(code).toBe(1);
    expect(output()).toMatch(/PORT="not-a-port"/);
  });

  it("on SIGTERM turns unready, finishes the response in flight, refuses new connections and exits 0", async () => {
    const { child, output } = start({ PORT: "0" });
    const port = await waitForPort(output);
    await waitForReady(port);

    // A response that has begun when the signal arrives must still be delivered whole.
    const socket = connect(port, "127.0.0.1");
    socket.write("GET /TermsCondition HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
    let received = "";
    const firstBytes = new Promise<void>((resolve) => socket.once("data", () => resolve()));
    socket.on("data", (d) => (received += d));
    const closed = once(socket, "close");
    await firstBytes;
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

    const [code] = await exited;
    await closed;
    expect(code).toBe(0);
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received).toContain("</html>");
    expect(output()).toContain("shutting down");
  });
});
