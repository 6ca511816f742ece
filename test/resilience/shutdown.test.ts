import { afterAll, describe, expect, it } from "vitest";
import { request as httpRequest } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startUpstream, type FakeUpstream } from "../../scripts/harness/contactUpstream.ts";
import { startProductionServer, type ProductionServer } from "../../scripts/harness/productionServer.ts";

// SIGTERM while 32 clients keep the server busy: /readyz turns 503 at once, pages are still served
// for the drain, every request the server had begun completes, nothing is accepted after the
// listener closed, and the process exits 0 within drain plus grace.
const DRAIN_MS = 1000;
const GRACE_MS = 5000;
const PATH = "/api/Geography/addContactUs";

type Outcome =
  | { id: string; kind: "completed"; status: number; complete: boolean; connection: string | undefined; sentAt: number }
  | { id: string; kind: "refused" }
  | { id: string; kind: "reset"; gotResponse: boolean };

/** One request on a fresh connection (no keep-alive), tagged with its own X-Request-Id. */
function call(port: number, id: string, path: string, body?: string): Promise<Outcome> {
  const sentAt = Date.now();
  return new Promise((resolve) => {
    let gotResponse = false;
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method: body ? "POST" : "GET",
        agent: false,
        headers: {
          "x-request-id": id,
          ...(body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        gotResponse = true;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () =>
          resolve({
            id,
            kind: "completed",
            status: res.statusCode ?? 0,
            complete: body ? text === '{"ok":true}' : text.includes("</html>"),
            connection: res.headers.connection,
            sentAt,
          }),
        );
        res.on("error", () => resolve({ id, kind: "reset", gotResponse }));
      },
    );
    req.on("error", (err: NodeJS.ErrnoException) =>
      resolve(err.code === "ECONNREFUSED" ? { id, kind: "refused" } : { id, kind: "reset", gotResponse }),
    );
    req.end(body);
  });
}

let dir: string | undefined;
let upstream: FakeUpstream | undefined;
let server: ProductionServer | undefined;

afterAll(async () => {
  await server?.stop("SIGKILL");
  await upstream?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("SIGTERM under load", () => {
  it("drains, completes every request it had begun, accepts none after, and exits 0 within drain plus grace", async () => {
    dir = mkdtempSync(join(tmpdir(), "shutdown-"));
    upstream = await startUpstream(200);
    // Contact posts take 2.5 s upstream: they are in flight when the signal comes (once the
    // provider has them all) and still when the drain ends and the listener closes (1 s later):
    // the grace period finishes them.
    upstream.delayMs = 2500;
    server = await startProductionServer({
      CONTACT_UPSTREAM_URL: upstream.url,
      CONTACT_QUEUE_FILE: join(dir, "queue.sqlite"),
      RATE_LIMIT_MAX: "10000",
      // The ten posts come from one address (loopback) but stand for ten visitors.
      MAX_IN_FLIGHT_PER_CLIENT: "100",
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    });
    const port = server.port;
    const message = JSON.stringify({
      name: "Last Call",
      email: "last@example.org",
      phone: "5551234567",
      subject: "Closing time",
      message: "Still delivered?",
    });

    const outcomes: Outcome[] = [];
    let stop = false;
    const paths = ["/", "/Category", "/service", "/TermsCondition", "/Contact", "/main"];
    const loops = Array.from({ length: 32 }, async (_, i) => {
      for (let n = 0; !stop; n++) {
        const outcome = await call(port, `load-${i}-${n}`, paths[(i + n) % paths.length]!);
        outcomes.push(outcome);
        if (outcome.kind !== "completed") return;
      }
    });
    const slowPosts = Array.from({ length: 10 }, (_, i) => call(port, `post-${i}`, PATH, message));

    // Signalled once every post is with the provider and the pages are flowing.
    await expect.poll(() => upstream!.received.length).toBe(slowPosts.length);
    await expect.poll(() => outcomes.length).toBeGreaterThan(64);
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    // The balancer's next probe sees the replica leave, while pages are still served (the signal
    // is handled asynchronously: probe until the 503, boundedly).
    let readiness = await call(port, "probe-during-drain-0", "/readyz");
    for (let i = 1; i < 40 && readiness.kind === "completed" && readiness.status === 200; i++) {
      await new Promise((r) => setTimeout(r, 25));
      readiness = await call(port, `probe-during-drain-${i}`, "/readyz");
    }
    const drainSeen = Date.now();
    const code = await server.exited;
    const exitMs = Date.now() - signalled;
    stop = true;
    await Promise.all(loops);
    const posts = await Promise.all(slowPosts);

    // The ids the server read (the access log has a line for each request it handled, finished or not).
    const seen = new Set(
      server
        .logs()
        .map((l) => (l.req as { id?: string } | undefined)?.id)
        .filter(Boolean),
    );
    const completed = outcomes.filter((o) => o.kind === "completed");
    const refused = outcomes.filter((o) => o.kind === "refused");
    const resets = outcomes.filter((o) => o.kind === "reset");
    // A connection still waiting in the kernel's accept queue when the listener closes is reset
    // by the kernel: the server never read that request, so for the client it is a refusal.
    const resetUnread = resets.filter((o) => !seen.has(o.id) && o.kind === "reset" && !o.gotResponse);
    console.log(
      `shutdown: ${completed.length} page requests completed, ${refused.length} refused at connect, ` +
        `${resetUnread.length} reset unread in the accept queue, ${resets.length - resetUnread.length} cut off; exit ${code} after ${exitMs} ms`,
    );

    expect(code).toBe(0);
    expect(readiness).toMatchObject({ kind: "completed", status: 503 });
    expect(exitMs).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(exitMs).toBeLessThan(DRAIN_MS + GRACE_MS);
    // Pages kept being served through the drain, each telling its client to reconnect elsewhere.
    const duringDrain = outcomes.filter((o) => o.kind === "completed" && o.sentAt > drainSeen);
    expect(duringDrain.length).toBeGreaterThan(0);
    expect(duringDrain.every((o) => o.kind === "completed" && o.connection === "close")).toBe(true);
    // The slow posts were in flight: each finished, delivered upstream.
    expect(posts.map((p) => p.kind === "completed" && p.status === 200 && p.complete)).toEqual(Array(10).fill(true));
    expect(upstream.received).toHaveLength(10);
    // No request the server had begun was cut off; every loop ended refused or unread.
    expect(resets.filter((o) => !resetUnread.includes(o))).toEqual([]);
    expect(refused.length + resetUnread.length).toBe(32);
    expect(completed.length).toBeGreaterThan(32);
    expect(completed.every((o) => o.kind === "completed" && o.status === 200 && o.complete)).toBe(true);
    for (const o of completed) expect(seen.has(o.id)).toBe(true);
    expect(server.output()).toContain("shutting down");
    expect((await server.settledLogs()).filter((l) => Number(l.level) >= 50)).toEqual([]);
  });
});
