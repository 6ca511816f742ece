import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger } from "../../server/logger.ts";
import { startServer, type RunningServer } from "../../scripts/harness/handlerServer.ts";

const PATH = "/api/Geography/addContactUs";
const valid = JSON.stringify({
  name: "Header Abuser",
  email: "h@example.org",
  phone: "5551234567",
  subject: "Headers",
  message: "Odd headers.",
});

let dir: string;
const servers: RunningServer[] = [];
async function serve(env: Record<string, string> = {}, logs?: Array<{ level: number }>) {
  const server = await startServer(
    { CONTACT_QUEUE_FILE: join(dir, "queue.sqlite"), ...env },
    logs ? { logger: createLogger("info", { write: (line: string) => void logs.push(JSON.parse(line)) }) } : {},
  );
  servers.push(server);
  return server;
}

/** Sends raw bytes and returns what came back before the server closed or went quiet. */
/** A valid contact post per X-Forwarded-For value, one after the other: their statuses. */
async function postsForwardedFor(server: RunningServer, forwarded: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const value of forwarded) {
    const res = await fetch(server.url + PATH, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": value },
      body: valid,
    });
    statuses.push(res.status);
  }
  return statuses;
}

function raw(server: RunningServer, text: string): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), "127.0.0.1");
    let received = "";
    socket.setTimeout(2000, () => socket.destroy());
    socket.on("data", (d: Buffer) => {
      received += d.toString();
      if (
        /\r\n\r\n/.test(received) &&
        /Content-Length: 0|\r\n0\r\n\r\n|<\/html>|"}$|Not found$|Bad Request$/.test(received)
      )
        socket.destroy();
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve(received));
    socket.write(text);
  });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "headers-"));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe("header abuse", () => {
  it("answers oversized headers with 431 and keeps serving", async () => {
    const server = await serve();
    const res = await fetch(server.url + "/", { headers: { "x-padding": "a".repeat(20_000) } });
    expect(res.status).toBe(431);
    const many = await raw(
      server,
      `GET / HTTP/1.1\r\nHost: localhost\r\n${Array.from({ length: 3000 }, (_, i) => `x-${i}: ${i}\r\n`).join("")}Connection: close\r\n\r\n`,
    );
    expect(many).toMatch(/^HTTP\/1\.1 (200|431)/);
    expect((await fetch(server.url + "/healthz")).status).toBe(200);
  });

  it("rejects malformed header lines (obsolete folding, bad names, bare CR) with 400", async () => {
    const server = await serve();
    for (const bad of ["X-Folded: a\r\n\tcontinued\r\n", "Bad Name: x\r\n", "X-Cr: a\rb\r\n", "X-Nul: a\u0000b\r\n"]) {
      const answer = await raw(server, `GET / HTTP/1.1\r\nHost: localhost\r\n${bad}\r\n`);
      expect(answer, JSON.stringify(bad)).toMatch(/^HTTP\/1\.1 400/);
    }
    expect((await fetch(server.url + "/healthz")).status).toBe(200);
  });

  it("does not echo a request id that would split the response", async () => {
    const server = await serve();
    const answer = await raw(
      server,
      "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: a%0d%0aSet-Cookie:%20x=1\r\nConnection: close\r\n\r\n",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).not.toMatch(/set-cookie/i);
    expect(answer).toMatch(/X-Request-Id: [0-9a-f-]{36}\r\n/i);
  });

  it("never lets Host or X-Forwarded-Host/-Proto into a page (canonical links come from SITE_URL)", async () => {
    const server = await serve({ SITE_URL: "https://agents.example.com" });
    const { port } = new URL(server.url);
    const answer = await raw(
      server,
      `GET /Contact HTTP/1.1\r\nHost: evil.example:${port}\r\nX-Forwarded-Host: evil-forwarded.example\r\nX-Forwarded-Proto: gopher\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain("https://agents.example.com/Contact");
    expect(answer).not.toMatch(/evil|gopher/);
  });

  it("ignores a forged X-Forwarded-For when TRUST_PROXY does not trust the peer", async () => {
    const server = await serve({ TRUST_PROXY: "false", RATE_LIMIT_MAX: "2" });
    const forged = [0, 1, 2, 3].map((i) => `198.51.100.${i}`);
    expect(await postsForwardedFor(server, forged)).toEqual([202, 202, 429, 429]);
  });

  it("behind one trusted hop, counts the address the balancer appended, not what the client wrote before it", async () => {
    const server = await serve({ TRUST_PROXY: "1", RATE_LIMIT_MAX: "2" });
    // The client forges the first entries; the balancer appends the real address last.
    const forged = [0, 1, 2, 3].map((i) => `10.0.0.${i}, 192.0.2.${i}, 203.0.113.7`);
    expect(await postsForwardedFor(server, forged)).toEqual([202, 202, 429, 429]);
    expect(await postsForwardedFor(server, ["203.0.113.8"])).toEqual([202]);
  });

  it("counts a forwarded value that is no address as the trusted peer itself, quietly", async () => {
    const logs: Array<{ level: number }> = [];
    // The default TRUST_PROXY trusts loopback, so each of these headers is believed as far as it goes.
    const server = await serve({ RATE_LIMIT_MAX: "2" }, logs);
    const junk = ["not-an-ip", "x".repeat(2000), "203.0.113.9:80", "1.2.3.4.5", "::1::"];
    // One budget for all of them (the peer's): made-up strings do not each get a fresh one.
    expect(await postsForwardedFor(server, junk)).toEqual([202, 202, 429, 429, 429]);
    const vitals = await fetch(server.url + "/api/vitals", {
      method: "POST",
      headers: { "content-type": "text/plain", "x-forwarded-for": "junk" },
      body: JSON.stringify({ path: "/", metrics: [{ name: "CLS", value: 0, rating: "good", id: "v1" }] }),
    });
    expect(vitals.status).toBeLessThan(300);
    // Refusals are logged as warnings; a complaint about the address is not (express-rate-limit
    // logs an error, once, for a req.ip that is not an address).
    expect(logs.filter((line) => line.level >= 50 || "err" in line)).toEqual([]);
  });
});
