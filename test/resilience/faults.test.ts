import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { relayErrors } from "../../server/contact/relayErrors.ts";
import { postContact } from "../helpers/contactForm.ts";
import { keptJobs } from "../helpers/queueStore.ts";
import {
  refusedUpstreamUrl,
  startUpstream,
  type FakeUpstream,
  type UpstreamMode,
} from "../../scripts/harness/contactUpstream.ts";
import { startProductionServer, type ProductionServer } from "../../scripts/harness/productionServer.ts";

// Every upstream fault against the production process: the status docs/product.md section 11 gives it, the
// process still alive, and each message not delivered kept in the queue (202).
const PATH = "/api/Geography/addContactUs";
const TIMEOUT_MS = 800;

let dir: string;
let upstream: FakeUpstream;
let server: ProductionServer;
const outbox = () => join(dir, "queue.sqlite");
/** Subjects of the messages the queue's store keeps. */
const outboxSubjects = (file = outbox()) => keptJobs(file).map((job) => job.contact.subject);

const send = (target: ProductionServer, subject: string) => postContact(target.url, { subject });

const errorLogs = (target: ProductionServer) => target.logs().filter((l) => Number(l.level) >= 50);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "faults-"));
  upstream = await startUpstream(200);
  server = await startProductionServer({
    CONTACT_UPSTREAM_URL: upstream.url,
    CONTACT_UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
    CONTACT_QUEUE_FILE: outbox(),
    RATE_LIMIT_MAX: "10000",
  });
});

afterAll(async () => {
  await server?.stop();
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("upstream faults", () => {
  const cases: Array<{ fault: string; mode: UpstreamMode; delayMs?: number; status: number; kept: boolean }> = [
    { fault: "answers 500", mode: 500, status: 202, kept: true },
    { fault: "redirects (not followed)", mode: 302, status: 202, kept: true },
    { fault: "hangs", mode: "hang", status: 202, kept: true },
    { fault: "answers too late", mode: 200, delayMs: TIMEOUT_MS + 400, status: 202, kept: true },
    { fault: "drops the connection before answering", mode: "reset", status: 202, kept: true },
    { fault: "is slow but in time", mode: 200, delayMs: TIMEOUT_MS / 2, status: 200, kept: false },
    { fault: "closes mid-response after a 200 (only the status counts)", mode: "cut", status: 200, kept: false },
    { fault: "answers 200 with a garbage body", mode: "garbage", status: 200, kept: false },
  ];

  for (const c of cases) {
    it(`${c.fault}: ${c.status}${c.kept ? ", message kept in the queue" : ", nothing in the queue"}`, async () => {
      upstream.mode = c.mode;
      upstream.delayMs = c.delayMs ?? 0;
      const subject = `fault ${c.fault}`;
      const started = Date.now();
      const res = await send(server, subject);
      expect(res.status).toBe(c.status);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toEqual(c.kept ? { ok: true, queued: true } : { ok: true });
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2000);
      expect(outboxSubjects().includes(subject)).toBe(c.kept);
      expect((await fetch(server.url + "/healthz")).status).toBe(200);
    });
  }

  it("refuses the connection: 202, message kept", async () => {
    const refused = await startProductionServer({
      CONTACT_UPSTREAM_URL: await refusedUpstreamUrl(),
      CONTACT_QUEUE_FILE: join(dir, "refused.sqlite"),
    });
    try {
      const res = await send(refused, "refused");
      expect(res.status).toBe(202);
      expect(outboxSubjects(join(dir, "refused.sqlite"))).toEqual(["refused"]);
      expect(refused.child.exitCode).toBeNull();
    } finally {
      await refused.stop();
    }
  });

  it("left the process alive with no unhandled error", () => {
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/unhandled|uncaught/i);
  });
});

describe("the queue cannot be written", () => {
  it("answers 503 and the process keeps serving", async () => {
    // A path below a regular file cannot be created, even by root (CI runs as root, so file
    // modes would not stop it).
    const blocker = join(dir, "not-a-folder");
    writeFileSync(blocker, "");
    const broken = await startProductionServer({ CONTACT_QUEUE_FILE: join(blocker, "queue.sqlite") });
    try {
      const res = await send(broken, "nowhere to go");
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: relayErrors.notKept });
      await expect.poll(() => errorLogs(broken).some((l) => l.contactOutcome === "not_kept")).toBe(true);
      expect((await fetch(broken.url + "/")).status).toBe(200);
      expect(broken.child.exitCode).toBeNull();
    } finally {
      await broken.stop();
    }
  });
});

describe("clients that go away", () => {
  const openFds = (target: ProductionServer) => readdirSync(`/proc/${target.child.pid}/fd`).length;

  /** One client: sends a request, reads at most the first bytes, and vanishes. */
  function abandon(port: number, i: number): Promise<void> {
    return new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1");
      const done = () => {
        socket.destroy();
        resolve();
      };
      socket.on("error", done);
      socket.on("close", done);
      const paths = ["/", "/Category", "/TermsCondition", "/Contact", "/service"];
      switch (i % 4) {
        case 0: // gone after the first bytes of a streamed page
        case 1:
          socket.write(
            `GET ${paths[i % paths.length]} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: ${i % 2 ? "gzip" : "identity"}\r\n\r\n`,
          );
          socket.once("data", done);
          break;
        case 2: // gone before the request line ends
          socket.write(`GET ${paths[i % paths.length]} HTT`, () => setImmediate(done));
          break;
        case 3: // gone half-way through a contact body
          socket.write(
            `POST ${PATH} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"name":"Half`,
            () => setTimeout(done, 2),
          );
          break;
      }
    });
  }

  it("1,000 disconnects mid-stream: nothing logged as an error, no socket left open, still serving", async () => {
    const before = openFds(server);
    const logLinesBefore = (await server.settledLogs()).length;
    const { port } = new URL(server.url);
    const TOTAL = 1000;
    const PARALLEL = 25;
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < TOTAL) await abandon(Number(port), next++);
      }),
    );
    expect(next).toBe(TOTAL);

    // Let the server notice the last closes, then count its descriptors again.
    let after = openFds(server);
    for (let i = 0; i < 40 && after > before + 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = openFds(server);
    }
    expect(after).toBeLessThanOrEqual(before + 2);
    const newLogs = (await server.settledLogs()).slice(logLinesBefore);
    // The test bites: hundreds of responses and bodies were really cut off half-way.
    expect(newLogs.filter((l) => l.msg === "request aborted").length).toBeGreaterThan(200);
    expect(newLogs.filter((l) => l.bodyError === "request.aborted").length).toBeGreaterThan(200);
    expect(newLogs.filter((l) => Number(l.level) >= 50)).toEqual([]);
    expect(server.output()).not.toMatch(/unhandled|uncaught/i);
    const page = await fetch(server.url + "/Category");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("</html>");
    expect(server.child.exitCode).toBeNull();
  });
});
