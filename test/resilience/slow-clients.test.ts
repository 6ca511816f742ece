import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startProductionServer, type ProductionServer } from "../../scripts/harness/productionServer.ts";
import { postContact } from "../helpers/contactForm.ts";

// Slow clients against the production process: sockets that send a contact POST's headers and
// then its body one byte every few seconds, to hold sockets and parsers open. Each must be cut
// off (408, closed) within the whole-request deadline, and a visitor must be served meanwhile.
const PATH = "/api/Geography/addContactUs";
const ATTACKERS = 1000;
const DEADLINE_MS = 4000;

let dir: string;
let server: ProductionServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "slow-clients-"));
  server = await startProductionServer({
    CONTACT_QUEUE_FILE: join(dir, "queue.sqlite"),
    REQUEST_TIMEOUT_MS: String(DEADLINE_MS),
    // Every slow post gets as far as the body reader: the worst case for the server.
    RATE_LIMIT_MAX: "100000",
    MAX_IN_FLIGHT_PER_CLIENT: "10000",
  });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Slow {
  socket: Socket;
  closedAfterMs: Promise<number>;
  /** When the server closed it, on the clock of performance.now(). */
  closedAt: Promise<number>;
  answer: () => string;
}

/** A client that sends the request's head (or part of it) and then trickles. */
function trickle(port: number, head: string, drip: string, everyMs: number): Slow {
  const socket = connect(port, "127.0.0.1");
  const started = performance.now();
  let answer = "";
  let failure = "";
  socket.on("data", (d: Buffer) => (answer += d.toString("latin1")));
  socket.on("error", (error: NodeJS.ErrnoException) => (failure = error.code ?? error.message));
  // The drip starts once the head is written: a socket still connecting takes writes too, and
  // on a loaded machine a drip queued before the connect went out ahead of the head (the
  // server then saw "aPOST …" and answered Node's own 400).
  let timer: NodeJS.Timeout | undefined;
  socket.on("connect", () => {
    socket.write(head);
    timer = setInterval(() => socket.writable && socket.write(drip), everyMs);
  });
  const closedAt = new Promise<number>((resolve) =>
    socket.on("close", () => {
      clearInterval(timer);
      resolve(performance.now());
    }),
  );
  return {
    socket,
    closedAt,
    closedAfterMs: closedAt.then((at) => at - started),
    answer: () => answer || `(no answer${failure && `, ${failure}`})`,
  };
}

const postHead = (length: number, type = "application/json") =>
  `POST ${type.startsWith("application/json") ? PATH : "/Contact"} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n{`;

async function timed(run: () => Promise<Response>): Promise<{ status: number; ms: number; doneAt: number }> {
  const started = performance.now();
  const res = await run();
  await res.arrayBuffer();
  const doneAt = performance.now();
  return { status: res.status, ms: doneAt - started, doneAt };
}

describe("slow clients", () => {
  it(`cuts ${ATTACKERS} slow contact bodies off within the deadline while a visitor is served at once`, async () => {
    const slow = Array.from({ length: ATTACKERS }, (_, i) =>
      trickle(server.port, postHead(2000, i % 2 ? "application/json" : "application/x-www-form-urlencoded"), "a", 1500),
    );
    // Let every attacker connect and start its body.
    await expect.poll(() => slow.filter((s) => s.socket.bytesWritten > 0).length, { timeout: 30_000 }).toBe(ATTACKERS);

    const [page, post] = await Promise.all([
      timed(() => fetch(`${server.url}/`)),
      timed(() =>
        postContact(server.url, {
          subject: "Still there?",
          message: "Sent while the server is under a slow-body attack.",
        }),
      ),
    ]);
    console.log(
      `during ${ATTACKERS} slow bodies: GET / ${Math.round(page.ms)} ms, valid POST ${Math.round(post.ms)} ms (${post.status})`,
    );
    expect(page.status).toBe(200);
    expect(post.status).toBe(202);
    // Served while the attack still holds its sockets, not once it is cut off: both answers came
    // before the last slow body was closed. (Measured against the attack, not a clock: beside
    // Lighthouse on two cores GET / took 2,037 ms once, and a 2 s bound failed a healthy run.)
    const lastCutAt = Math.max(...(await Promise.all(slow.map((s) => s.closedAt))));
    expect(page.doneAt).toBeLessThan(lastCutAt);
    expect(post.doneAt).toBeLessThan(lastCutAt);

    const closed = await Promise.all(slow.map((s) => s.closedAfterMs));
    const latest = Math.max(...closed);
    console.log(`slow bodies closed after ${Math.round(Math.min(...closed))}-${Math.round(latest)} ms`);
    // Cut off, not held: left alone each body would trickle for 50 minutes. The bound is the
    // deadline twice over plus Node's one-second check and a margin, because it is counted from
    // each attacker's connect, and a loaded 2-core machine serves a thousand sockets' bytes late
    // (9.4 s was seen at load 15, where DEADLINE_MS + 3 s failed); the printed figure is the goal.
    expect(latest).toBeLessThan(DEADLINE_MS * 2 + 4000);
    // Every one answered 408; any other answer is listed by its first line (or as no answer, with
    // the socket's error: a reset), so a failure under load says what the server did instead.
    const otherAnswers = slow
      .map((s) => s.answer().split("\r\n")[0] ?? "")
      .filter((line) => !/^HTTP\/1\.1 408 /.test(line));
    expect(otherAnswers).toEqual([]);
    expect(server.child.exitCode).toBeNull();
  });

  it("cuts off slow headers and a slow body on another path by the same deadline", async () => {
    const headers = trickle(server.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", "X-A: b\r\n", 1000);
    const vitals = trickle(
      server.port,
      "POST /api/vitals HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 3000\r\n\r\n{",
      "a",
      1000,
    );
    for (const slow of [headers, vitals]) {
      expect(await slow.closedAfterMs).toBeLessThan(DEADLINE_MS + 3000);
      expect(slow.answer()).toMatch(/^HTTP\/1\.1 408 /);
    }
  });
});
