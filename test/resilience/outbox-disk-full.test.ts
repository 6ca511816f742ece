import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { relayErrors } from "../../server/contact/relayErrors.ts";
import { startProductionServer, type ProductionServer } from "../../scripts/harness/productionServer.ts";

// A real write failure in the production process: its file size limit (RLIMIT_FSIZE, set on
// the running process with prlimit, the soft limit only) stops a write part-way, as a full disk does: a short write,
// then EFBIG. The visitor gets 503, the queue file is left as it was, and the next message, once
// there is room, is kept whole on its own line.
const PATH = "/api/Geography/addContactUs";

let dir: string;
let server: ProductionServer;
const outbox = () => join(dir, "outbox.ndjson");

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
  server = await startProductionServer({ CONTACT_OUTBOX_FILE: outbox(), RATE_LIMIT_MAX: "10000" });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("the file queue when the disk is full", () => {
  it("answers 503 and leaves the file as it was; the next message, once there is room, is stored intact", async () => {
    expect(await readiness()).toEqual({ status: 200, body: { status: "ready", contact: "ok" } });
    expect((await send("First")).status).toBe(202);
    expect((await send("Second")).status).toBe(202);
    const before = readFileSync(outbox());

    // Room for 100 more bytes: a long message is cut after them.
    fileSizeLimit(String(before.length + 100));
    const cut = await send("Too Long", "x".repeat(2000));
    expect(cut.status).toBe(503);
    expect(await cut.json()).toEqual({ error: relayErrors.notKept });
    expect(readFileSync(outbox())).toEqual(before);
    // Still no room for a short one either.
    expect((await send("Also Refused")).status).toBe(503);
    expect(statSync(outbox()).size).toBe(before.length);
    // Pages stay in rotation; readiness says the queue cannot keep a message (docs/decisions/015).
    expect(await readiness()).toEqual({ status: 200, body: { status: "ready", contact: "unavailable" } });

    fileSizeLimit("unlimited");
    expect((await send("Third")).status).toBe(202);
    expect(await readiness()).toEqual({ status: 200, body: { status: "ready", contact: "ok" } });
    const text = readFileSync(outbox(), "utf8");
    expect(text.endsWith("\n")).toBe(true);
    const names = text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { op: string; job?: { contact: { name: string } } })
      .flatMap((entry) => (entry.op === "keep" && entry.job ? [entry.job.contact.name] : []));
    expect(names).toEqual(["First", "Second", "Third"]);
    const failures = (await server.settledLogs()).filter((l) => l.contactOutcome === "not_kept");
    expect(failures).toHaveLength(2);
    expect(server.child.exitCode).toBeNull();
  });
});
