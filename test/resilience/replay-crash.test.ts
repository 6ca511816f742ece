import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { appendToOutbox, deadLetterFile, outboxRecord } from "../../server/contact/outbox.ts";
import { startUpstream, type FakeUpstream } from "../helpers/contactUpstream.ts";

// The replay command from the build, killed with SIGKILL at random points (while starting,
// claiming, sending, journaling, writing back), then run again, while the "server" keeps
// appending: no message may be lost, none may end up twice in a file, and a message may reach
// the provider twice only if it was in flight at a kill, then with the same idempotency key.
const REPLAY = "dist/server/outbox-replay.js";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const KILLS = 25;

const message = (name: string) => ({ name, email: "a@example.com", phone: "1234567", subject: "Hi", message: "Hello" });
const fate = (name: string) => (name.startsWith("Fail") ? 500 : name.startsWith("Refuse") ? 422 : 200);
const ids = (file: string) =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { id: string }).id)
    : [];

let dir: string;
let upstream: FakeUpstream;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "replay-crash-"));
  upstream = await startUpstream();
});
afterAll(async () => {
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

function replay(file: string) {
  const child = spawn(process.execPath, [REPLAY, "--max-attempts", "1000", "--settle-ms", "0"], {
    env: {
      PATH: process.env.PATH,
      CONTACT_OUTBOX_FILE: file,
      CONTACT_UPSTREAM_URL: upstream.url,
      CONTACT_UPSTREAM_TIMEOUT_MS: "5000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = once(child, "exit").then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as string | null,
    output,
  }));
  return { child, exited };
}

describe("a replay killed at random points", () => {
  it(`${KILLS} SIGKILLs: nothing lost, nothing twice in a file, re-sends only of messages in flight, each with its key`, async () => {
    const file = join(dir, "outbox.ndjson");
    const written = new Map<string, string>(); // id -> name
    let n = 0;
    const add = async (kind: "Ok" | "Fail" | "Refuse") => {
      const record = outboxRecord(message(`${kind}-${n++}`), "no upstream configured");
      written.set(record.id, record.contact.name);
      await appendToOutbox(file, record);
    };
    for (let i = 0; i < 12; i++) await add(i % 4 === 0 ? "Fail" : i % 4 === 1 ? "Refuse" : "Ok");
    upstream.delayMs = 10;
    upstream.decide = (req) => fate(JSON.parse(req.body).name as string);

    let midRun = 0;
    for (let kill = 0; kill < KILLS; kill++) {
      // The server takes new messages meanwhile.
      await add(kill % 3 === 0 ? "Refuse" : "Ok");
      const sentBefore = upstream.received.length;
      const run = replay(file);
      let ended = false;
      void run.exited.then(() => (ended = true));
      if (Math.random() < 0.2) {
        // While starting, taking the lock, claiming.
        await sleep(Math.random() * 300);
      } else {
        // After the k-th message reached the provider: in flight, journaling, or writing back.
        const target = sentBefore + 1 + Math.floor(Math.random() * 6);
        while (!ended && upstream.received.length < target) await sleep(2);
        await sleep(Math.random() * 20);
      }
      run.child.kill("SIGKILL");
      const { signal, output } = await run.exited;
      // A run that ended before the kill must have ended well.
      if (signal === null) expect(output, output).toMatch(/^outbox replay: /m);
      // Killed after sending something and before finishing: its claim is still there.
      if (upstream.received.length > sentBefore && readdirSync(dir).some((f) => f.endsWith(".replaying"))) midRun++;
    }
    const last = await replay(file).exited;
    expect(last.code, last.output).toBe(2);
    upstream.decide = undefined;
    upstream.delayMs = 0;

    const byName = (kind: string) =>
      [...written]
        .filter(([, name]) => name.startsWith(kind))
        .map(([id]) => id)
        .sort();
    // Files: each failing message once in the outbox, each refused one once in the dead letters.
    expect(ids(file).sort()).toEqual(byName("Fail"));
    expect(ids(deadLetterFile(file)).sort()).toEqual(byName("Refuse"));
    expect(readdirSync(dir).sort()).toEqual(["outbox.ndjson", "outbox.dead-letter.ndjson"].sort());

    // The provider: every message taken, by key exactly once; raw re-sends only from kills.
    const keys = upstream.received.map((r) => String(r.headers["idempotency-key"]));
    const accepted = upstream.received
      .filter((r) => fate(JSON.parse(r.body).name as string) === 200)
      .map((r) => String(r.headers["idempotency-key"]));
    expect([...new Set(accepted)].sort()).toEqual(byName("Ok"));
    for (const [i, r] of upstream.received.entries()) expect(written.get(keys[i]!)).toBe(JSON.parse(r.body).name);
    const refusedSends = keys.filter((k) => written.get(k)!.startsWith("Refuse"));
    const resent = accepted.length - new Set(accepted).size + (refusedSends.length - new Set(refusedSends).size);
    expect(resent).toBeLessThanOrEqual(KILLS);
    // The kills did land in the middle of sending, not only before or after it.
    expect(midRun).toBeGreaterThanOrEqual(5);
    console.log(
      `replay-crash: ${KILLS} kills, ${midRun} mid-run, ${upstream.received.length} requests, ${resent} re-sent after a kill`,
    );
  }, 120_000);
});
