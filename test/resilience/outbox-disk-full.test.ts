import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { relayErrors } from "../../server/contact/relayErrors.ts";
import { keptJobs } from "../helpers/queueStore.ts";
import { startProductionServer, type ProductionServer } from "../../scripts/harness/productionServer.ts";

// A real write failure in the production process: its file size limit (RLIMIT_FSIZE, set on
// the running process with prlimit, the soft limit only) stops a write part-way, as a full disk
// does: a short write, then EFBIG. The visitor gets 503, SQLite rolls the transaction back, and
// the next message, once there is room, is kept whole.
const PATH = "/api/Geography/addContactUs";

let dir: string;
let server: ProductionServer;
const outbox = () => join(dir, "queue.sqlite");
/** The store's largest file: SQLite appends to its write-ahead log before the database. */
const largest = () =>
  Math.max(...["", "-wal"].map((suffix) => statSync(outbox() + suffix, { throwIfNoEntry: false })?.size ?? 0));
const names = () => keptJobs(outbox()).map((job) => job.contact.name);

const send = (name: string, message = "Short and sweet.") =>
  fetch(server.url + PATH, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, email: "disk@example.org", phone: "5551234567", subject: "Room?", message }),
  });

const readiness = async () => {
  const res = await fetch(server.url + "/readyz");
  return { status: res.status, body: (await res.json()) as unknown };
};

const fileSizeLimit = (limit: string) =>
  execFileSync("prlimit", ["--pid", String(server.child.pid), `--fsize=${limit}:`]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "outbox-disk-full-"));
  server = await startProductionServer({ CONTACT_QUEUE_FILE: outbox(), RATE_LIMIT_MAX: "10000" });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("the SQLite queue when the disk is full", () => {
  it("answers 503 and keeps what it had; the next message, once there is room, is stored intact", async () => {
    expect(await readiness()).toEqual({ status: 200, body: { status: "ready", contact: "ok" } });
    expect((await send("First")).status).toBe(202);
    expect((await send("Second")).status).toBe(202);
    // Room for 100 more bytes: a long message is cut after them.
    fileSizeLimit(String(largest() + 100));
    const cut = await send("Too Long", "x".repeat(2000));
    expect(cut.status).toBe(503);
    expect(await cut.json()).toEqual({ error: relayErrors.notKept });
    // Still no room for a short one either.
    expect((await send("Also Refused")).status).toBe(503);
    expect(names()).toEqual(["First", "Second"]);
    // Pages stay in rotation; readiness says the queue cannot keep a message (docs/decisions/015).
    expect(await readiness()).toEqual({ status: 200, body: { status: "ready", contact: "unavailable" } });

    fileSizeLimit("unlimited");
    expect((await send("Third")).status).toBe(202);
    expect(await readiness()).toEqual({ status: 200, body: { status: "ready", contact: "ok" } });
    expect(names()).toEqual(["First", "Second", "Third"]);
    const failures = (await server.settledLogs()).filter((l) => l.contactOutcome === "not_kept");
    expect(failures).toHaveLength(2);
    expect(server.child.exitCode).toBeNull();
  });
});
