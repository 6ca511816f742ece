import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { promisify } from "node:util";
import {
  chownSync,
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  existsSync,
} from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { appendOutboxLines, appendToOutbox, deadLetterFile, outboxRecord } from "../../server/contact/outbox.ts";
import { ReplayBusyError, replayFiles, replayOutbox, type ReplayEvent } from "../../server/contact/replayOutbox.ts";
import { startUpstream, type FakeUpstream } from "../helpers/contactUpstream.ts";

const message = (name: string) => ({ name, email: "a@example.com", phone: "1234567", subject: "Hi", message: "Hello" });
const REPLAY = "dist/server/outbox-replay.js";
const records = (file: string) =>
  lines(file).map((l) => JSON.parse(l) as { id: string; attempts: number; reason: string; contact: { name: string } });
const lines = (file: string) => (existsSync(file) ? readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : []);

let dir: string;
let upstream: FakeUpstream;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "contact-outbox-"));
  upstream = await startUpstream();
});
afterAll(async () => {
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("outbox replay", () => {
  it("sends each stored message upstream and keeps only those that still fail", async () => {
    const file = join(dir, "replay", "outbox.ndjson");
    for (const name of ["Alpha", "Bravo", "Charlie"])
      await appendToOutbox(file, outboxRecord(message(name), "no upstream configured"));
    writeFileSync(file, "this is not json\n", { flag: "a" });
    upstream.received.length = 0;
    upstream.decide = (req) => (JSON.parse(req.body).name === "Bravo" ? 500 : 201);

    const report = await replayOutbox({ outboxFile: file, upstreamUrl: upstream.url, timeoutMs: 2000, settleMs: 0 });
    expect(report).toEqual({ sent: 2, kept: 1, deadLettered: 0, unreadable: 1 });
    expect(upstream.received.map((r) => [r.path, JSON.parse(r.body).name])).toEqual([
      ["/api/Geography/addContactUs", "Alpha"],
      ["/api/Geography/addContactUs", "Bravo"],
      ["/api/Geography/addContactUs", "Charlie"],
    ]);
    const kept = lines(file);
    expect(kept).toHaveLength(2);
    expect(JSON.parse(kept[0]!)).toMatchObject({
      contact: message("Bravo"),
      reason: "upstream answered 500",
      attempts: 1,
    });
    expect(kept[1]).toBe("this is not json");
    expect(readdirSync(join(dir, "replay"))).toEqual(["outbox.ndjson"]);

    upstream.decide = undefined;
    upstream.mode = 200;
    const again = await replayOutbox({ outboxFile: file, upstreamUrl: upstream.url, timeoutMs: 2000, settleMs: 0 });
    expect(again).toEqual({ sent: 1, kept: 0, deadLettered: 0, unreadable: 1 });
    expect(lines(file)).toEqual(["this is not json"]);
  });

  it("picks up the claimed file an interrupted replay left behind, and does nothing with no outbox", async () => {
    const file = join(dir, "leftover", "outbox.ndjson");
    await appendToOutbox(file, outboxRecord(message("Delta"), "upstream timed out"));
    writeFileSync(`${file}.replaying-1-1`, JSON.stringify(outboxRecord(message("Echo"), "upstream timed out")) + "\n");
    upstream.received.length = 0;
    const report = await replayOutbox({ outboxFile: file, upstreamUrl: upstream.url, timeoutMs: 2000, settleMs: 0 });
    expect(report).toEqual({ sent: 2, kept: 0, deadLettered: 0, unreadable: 0 });
    expect(upstream.received.map((r) => JSON.parse(r.body).name)).toEqual(["Echo", "Delta"]);
    expect(readdirSync(join(dir, "leftover"))).toEqual([]);
    expect(
      await replayOutbox({ outboxFile: join(dir, "none", "x.ndjson"), upstreamUrl: upstream.url, timeoutMs: 2000 }),
    ).toEqual({ sent: 0, kept: 0, deadLettered: 0, unreadable: 0 });
  });

  it("runs from the build (`node dist/server/outbox-replay.js`), which needs production dependencies only", async () => {
    const file = join(dir, "built", "outbox.ndjson");
    await appendToOutbox(file, outboxRecord(message("Golf"), "no upstream configured", undefined, "id-golf"));
    await appendToOutbox(file, outboxRecord(message("Hotel"), "no upstream configured", undefined, "id-hotel"));
    upstream.received.length = 0;
    upstream.decide = (req) => (JSON.parse(req.body).name === "Hotel" ? 422 : 201);
    const run = await promisify(execFile)(process.execPath, [REPLAY], {
      env: { PATH: process.env.PATH, CONTACT_OUTBOX_FILE: file, CONTACT_UPSTREAM_URL: upstream.url },
      timeout: 30_000,
    }).catch((error: { code: number; stdout: string }) => error);
    upstream.decide = undefined;
    expect((run as { code?: number }).code).toBe(2);
    expect(run.stdout.split("\n").filter(Boolean)).toEqual([
      "sent id-golf (upstream 201)",
      "dead-lettered id-hotel: upstream answered 422 (refused for good) (attempt 1)",
      "outbox replay: 1 sent, 0 kept (still failing), 1 dead-lettered, 0 unreadable lines kept",
    ]);
    expect(lines(file)).toEqual([]);
    expect(records(deadLetterFile(file)).map((r) => r.id)).toEqual(["id-hotel"]);

    // What the bundle imports is Node's own or a production dependency (the image has no others).
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> };
    const imports = [...readFileSync(REPLAY, "utf8").matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]!);
    expect(imports.length).toBeGreaterThan(0);
    for (const specifier of imports) {
      if (specifier.startsWith("node:")) continue;
      const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;
      expect(Object.keys(pkg.dependencies), specifier).toContain(name);
    }
  });

  it("runs as `npm run outbox:replay` with the configured upstream", async () => {
    const file = join(dir, "script", "outbox.ndjson");
    await appendToOutbox(file, outboxRecord(message("Foxtrot"), "no upstream configured"));
    upstream.received.length = 0;
    upstream.mode = 200;
    const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "outbox:replay"], {
      env: { ...process.env, CONTACT_OUTBOX_FILE: file, CONTACT_UPSTREAM_URL: upstream.url },
      timeout: 30_000,
    });
    expect(stdout).toContain("1 sent, 0 kept");
    expect(stdout).toMatch(/^sent [\w-]+ \(upstream 200\)$/m);
    expect(upstream.received.map((r) => JSON.parse(r.body).name)).toEqual(["Foxtrot"]);
    expect(lines(file)).toEqual([]);
  });
});

describe("outbox appends", () => {
  it("are all or nothing: a write that fails after a short write is cut off, and the next message is stored intact", async () => {
    const file = join(dir, "appends", "outbox.ndjson");
    await appendToOutbox(file, outboxRecord(message("Before"), "no upstream configured"));
    const before = readFileSync(file);
    // The disk fills up half-way: part of the line is written, then ENOSPC.
    let calls = 0;
    const full = async (handle: import("node:fs/promises").FileHandle, bytes: Buffer) => {
      calls++;
      if (calls === 1) return (await handle.write(bytes.subarray(0, 37))).bytesWritten;
      throw Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
    };
    await expect(
      appendOutboxLines(file, [JSON.stringify(outboxRecord(message("Lost"), "x"))], { write: full }),
    ).rejects.toMatchObject({ code: "ENOSPC" });
    expect(calls).toBe(2);
    expect(readFileSync(file)).toEqual(before);
    // EIO on the first byte: the same.
    const broken = async () => Promise.reject(Object.assign(new Error("i/o error"), { code: "EIO" }));
    await expect(appendOutboxLines(file, ["{}"], { write: broken })).rejects.toMatchObject({ code: "EIO" });
    expect(readFileSync(file)).toEqual(before);

    await appendToOutbox(file, outboxRecord(message("After"), "no upstream configured"));
    expect(records(file).map((r) => r.contact.name)).toEqual(["Before", "After"]);
  });

  it("from many requests at once land as whole lines", async () => {
    const file = join(dir, "parallel", "outbox.ndjson");
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        appendToOutbox(file, outboxRecord({ ...message(`P${i}`), message: "y".repeat(3000) }, "x")),
      ),
    );
    expect(
      records(file)
        .map((r) => r.contact.name)
        .sort(),
    ).toEqual(Array.from({ length: 40 }, (_, i) => `P${i}`).sort());
  });
});

describe("replay: permanent and temporary failures", () => {
  it("dead-letters 4xx refusals (not 408/429) and messages past the attempt cap; keeps the rest; reports each", async () => {
    const file = join(dir, "fates", "outbox.ndjson");
    const fates: Record<string, number> = {
      Refused: 422,
      Unauthorised: 401,
      Busy: 429,
      Slow: 408,
      Broken: 500,
      Tired: 503,
      Fine: 200,
    };
    for (const name of Object.keys(fates))
      await appendToOutbox(file, outboxRecord(message(name), "upstream answered 500", undefined, `id-${name}`));
    // One more attempt would be its tenth: past the cap, it goes to the dead letters.
    await appendToOutbox(file, {
      ...outboxRecord(message("Tired"), "upstream answered 503", undefined, "id-Tired-9"),
      attempts: 9,
    });
    upstream.received.length = 0;
    upstream.decide = (req) => fates[JSON.parse(req.body).name as string] ?? 200;
    const events: ReplayEvent[] = [];
    const report = await replayOutbox({
      outboxFile: file,
      upstreamUrl: upstream.url,
      timeoutMs: 2000,
      settleMs: 0,
      maxAttempts: 10,
      onEvent: (e) => events.push(e),
    });
    upstream.decide = undefined;
    expect(report).toEqual({ sent: 1, kept: 4, deadLettered: 3, unreadable: 0 });
    expect(records(file).map((r) => [r.id, r.attempts, r.reason])).toEqual([
      ["id-Busy", 1, "upstream answered 429"],
      ["id-Slow", 1, "upstream answered 408"],
      ["id-Broken", 1, "upstream answered 500"],
      ["id-Tired", 1, "upstream answered 503"],
    ]);
    expect(records(deadLetterFile(file)).map((r) => [r.id, r.reason])).toEqual([
      ["id-Refused", "upstream answered 422 (refused for good)"],
      ["id-Unauthorised", "upstream answered 401 (refused for good)"],
      ["id-Tired-9", "upstream answered 503 (gave up after 10 attempts)"],
    ]);
    expect(events.map((e) => ("id" in e ? `${e.kind} ${e.id}` : e.kind))).toEqual([
      "dead-lettered id-Refused",
      "dead-lettered id-Unauthorised",
      "kept id-Busy",
      "kept id-Slow",
      "kept id-Broken",
      "kept id-Tired",
      "sent id-Fine",
      "dead-lettered id-Tired-9",
    ]);
    // Every attempt carries the record's id as its idempotency key.
    expect(upstream.received.map((r) => r.headers["idempotency-key"])).toEqual(
      Object.keys(fates)
        .map((n) => `id-${n}`)
        .concat("id-Tired-9"),
    );

    // Dead letters are never retried: the next replay sends only what was kept.
    upstream.received.length = 0;
    const again = await replayOutbox({ outboxFile: file, upstreamUrl: upstream.url, timeoutMs: 2000, settleMs: 0 });
    expect(again).toEqual({ sent: 4, kept: 0, deadLettered: 0, unreadable: 0 });
    expect(upstream.received.map((r) => r.headers["idempotency-key"])).toEqual([
      "id-Busy",
      "id-Slow",
      "id-Broken",
      "id-Tired",
    ]);
    expect(records(deadLetterFile(file))).toHaveLength(3);
  });
});

describe("replay: files it writes", () => {
  it("keep the owner and mode of the outbox they replace (a replay run as root does not lock the server out)", async () => {
    const folder = join(dir, "owner");
    mkdirSync(folder, { recursive: true });
    const file = join(folder, "outbox.ndjson");
    await appendToOutbox(file, outboxRecord(message("Kilo"), "no upstream configured"));
    await appendToOutbox(file, outboxRecord(message("Lima"), "no upstream configured"));
    // The server's user (uid 1000 in the image) when this runs as root; else our own.
    const root = process.getuid?.() === 0;
    const uid = root ? 1000 : process.getuid!();
    const gid = root ? 1000 : process.getgid!();
    chownSync(file, uid, gid);
    chmodSync(file, 0o640);
    upstream.decide = (req) => (JSON.parse(req.body).name === "Kilo" ? 500 : 422);
    await replayOutbox({ outboxFile: file, upstreamUrl: upstream.url, timeoutMs: 2000, settleMs: 0 });
    upstream.decide = undefined;
    for (const written of [file, deadLetterFile(file)]) {
      const stats = statSync(written);
      expect([stats.uid, stats.gid, stats.mode & 0o777], written).toEqual([uid, gid, 0o640]);
    }
    expect(records(file).map((r) => r.contact.name)).toEqual(["Kilo"]);
  });
});

describe("replay: one at a time", () => {
  const writeLock = (file: string, pid: number) =>
    writeFileSync(
      replayFiles(file).lock,
      JSON.stringify({ pid, host: hostname(), startedAt: new Date().toISOString(), token: `t-${pid}` }) + "\n",
    );

  it("refuses to run while another replay's process is alive, and sends nothing", async () => {
    const file = join(dir, "busy", "outbox.ndjson");
    await appendToOutbox(file, outboxRecord(message("Mike"), "no upstream configured"));
    writeLock(file, process.pid);
    upstream.received.length = 0;
    await expect(
      replayOutbox({ outboxFile: file, upstreamUrl: upstream.url, timeoutMs: 2000, settleMs: 0 }),
    ).rejects.toBeInstanceOf(ReplayBusyError);
    expect(upstream.received).toEqual([]);
    expect(lines(file)).toHaveLength(1);
    expect(existsSync(replayFiles(file).lock)).toBe(true);
  });

  it("takes over the lock of a replay whose process is gone, and removes it when done", async () => {
    const file = join(dir, "stale", "outbox.ndjson");
    await appendToOutbox(file, outboxRecord(message("November"), "no upstream configured"));
    const gone = spawn(process.execPath, ["-e", ""]);
    await once(gone, "exit");
    writeLock(file, gone.pid!);
    upstream.received.length = 0;
    const report = await replayOutbox({ outboxFile: file, upstreamUrl: upstream.url, timeoutMs: 2000, settleMs: 0 });
    expect(report.sent).toBe(1);
    expect(readdirSync(join(dir, "stale"))).toEqual([]);
  });

  it("removes a lock a killed run had moved aside, and leaves one whose mover still runs", async () => {
    const file = join(dir, "aside", "outbox.ndjson");
    await appendToOutbox(file, outboxRecord(message("Aside"), "no upstream configured"));
    const gone = spawn(process.execPath, ["-e", ""]);
    await once(gone, "exit");
    const lock = replayFiles(file).lock;
    // What a run killed between its rename and its unlink leaves behind (replayOutbox.ts).
    writeFileSync(`${lock}.stale-${gone.pid}-0b5e0b5e-0000-4000-8000-000000000000`, "{}\n");
    const livePid = process.ppid;
    writeFileSync(`${lock}.stale-${livePid}-11111111-0000-4000-8000-000000000000`, "{}\n");
    const report = await replayOutbox({ outboxFile: file, upstreamUrl: upstream.url, timeoutMs: 2000, settleMs: 0 });
    expect(report.sent).toBe(1);
    expect(readdirSync(join(dir, "aside"))).toEqual([
      `outbox.ndjson.lock.stale-${livePid}-11111111-0000-4000-8000-000000000000`,
    ]);
  });

  it("two overlapping runs of the command: the second stops (exit 3), every message reaches the provider once", async () => {
    const file = join(dir, "overlap", "outbox.ndjson");
    for (const name of ["O1", "O2", "O3", "O4", "O5"])
      await appendToOutbox(file, outboxRecord(message(name), "no upstream configured"));
    upstream.received.length = 0;
    upstream.delayMs = 300;
    upstream.decide = (req) => (JSON.parse(req.body).name === "O3" ? 500 : 200);
    const env = { PATH: process.env.PATH, CONTACT_OUTBOX_FILE: file, CONTACT_UPSTREAM_URL: upstream.url };
    const run = () =>
      promisify(execFile)(process.execPath, [REPLAY], { env, timeout: 30_000 }).then(
        () => 0,
        (error: { code: number; stderr: string }) => error,
      );
    try {
      const first = run();
      // The second starts while the first is sending (1 s settle, then 300 ms a message).
      while (upstream.received.length === 0) await new Promise((r) => setTimeout(r, 20));
      const second = await run();
      expect((second as { code: number }).code).toBe(3);
      expect((second as { stderr: string }).stderr).toContain("another outbox replay is running");
      expect(((await first) as { code: number }).code).toBe(2);
    } finally {
      upstream.delayMs = 0;
      upstream.decide = undefined;
    }
    expect(upstream.received.map((r) => JSON.parse(r.body).name)).toEqual(["O1", "O2", "O3", "O4", "O5"]);
    expect(records(file).map((r) => [r.contact.name, r.attempts])).toEqual([["O3", 1]]);
    expect(readdirSync(join(dir, "overlap"))).toEqual(["outbox.ndjson"]);
  });

  it("a claim and journal left by a killed run: decided lines are not sent again, the one in flight is, with its key", async () => {
    const file = join(dir, "resume", "outbox.ndjson");
    const files = replayFiles(file);
    const claimed = ["Oscar", "Papa", "Quebec", "Romeo"].map((n) =>
      outboxRecord(message(n), "no upstream configured", undefined, `id-${n}`),
    );
    mkdirSync(join(dir, "resume"));
    writeFileSync(files.claim, claimed.map((r) => JSON.stringify(r) + "\n").join(""));
    const keptPapa = JSON.stringify({ ...claimed[1], reason: "upstream answered 500", attempts: 1 });
    // Oscar sent, Papa kept, Quebec in flight when the run was killed, mid-way through a line.
    writeFileSync(
      files.journal,
      [
        { i: 0, state: "sending" },
        { i: 0, outcome: "sent" },
        { i: 1, state: "sending" },
        { i: 1, outcome: "kept", line: keptPapa },
        { i: 2, state: "sending" },
      ]
        .map((e) => JSON.stringify(e) + "\n")
        .join("") + '{"i":2,"outc',
    );
    // Papa was already written back before the kill: it must not be there twice.
    writeFileSync(file, keptPapa + "\n");
    upstream.received.length = 0;
    const report = await replayOutbox({ outboxFile: file, upstreamUrl: upstream.url, timeoutMs: 2000, settleMs: 0 });
    expect(upstream.received.map((r) => r.headers["idempotency-key"])).toEqual(["id-Quebec", "id-Romeo", "id-Papa"]);
    expect(report).toEqual({ sent: 3, kept: 1, deadLettered: 0, unreadable: 0 });
    expect(lines(file)).toEqual([]);
    expect(readdirSync(join(dir, "resume"))).toEqual([]);
  });
});
