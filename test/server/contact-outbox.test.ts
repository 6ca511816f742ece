import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { appendToOutbox, outboxRecord } from "../../server/contact/outbox.ts";
import { replayOutbox } from "../../server/contact/replayOutbox.ts";
import { startUpstream, type FakeUpstream } from "../helpers/contactUpstream.ts";

const message = (name: string) => ({ name, email: "a@example.com", phone: "1234567", subject: "Hi", message: "Hello" });
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
    for (const name of ["Alpha", "Bravo", "Charlie"]) await appendToOutbox(file, outboxRecord(message(name), "no upstream configured"));
    writeFileSync(file, "this is not json\n", { flag: "a" });
    upstream.received.length = 0;
    upstream.decide = (req) => (JSON.parse(req.body).name === "Bravo" ? 500 : 201);

    const report = await replayOutbox({ outboxFile: file, upstreamUrl: upstream.url, timeoutMs: 2000, settleMs: 0 });
    expect(report).toEqual({ sent: 2, kept: 1, unreadable: 1 });
    expect(upstream.received.map((r) => [r.path, JSON.parse(r.body).name])).toEqual([
      ["/api/Geography/addContactUs", "Alpha"],
      ["/api/Geography/addContactUs", "Bravo"],
      ["/api/Geography/addContactUs", "Charlie"],
    ]);
    const kept = lines(file);
    expect(kept).toHaveLength(2);
    expect(JSON.parse(kept[0]!)).toMatchObject({ contact: message("Bravo"), reason: "upstream answered 500", attempts: 1 });
    expect(kept[1]).toBe("this is not json");
    expect(readdirSync(join(dir, "replay"))).toEqual(["outbox.ndjson"]);

    upstream.decide = undefined;
    upstream.mode = 200;
    const again = await replayOutbox({ outboxFile: file, upstreamUrl: upstream.url, timeoutMs: 2000, settleMs: 0 });
    expect(again).toEqual({ sent: 1, kept: 0, unreadable: 1 });
    expect(lines(file)).toEqual(["this is not json"]);
  });

  it("picks up the claimed file an interrupted replay left behind, and does nothing with no outbox", async () => {
    const file = join(dir, "leftover", "outbox.ndjson");
    await appendToOutbox(file, outboxRecord(message("Delta"), "upstream timed out"));
    writeFileSync(`${file}.replaying-1-1`, JSON.stringify(outboxRecord(message("Echo"), "upstream timed out")) + "\n");
    upstream.received.length = 0;
    const report = await replayOutbox({ outboxFile: file, upstreamUrl: upstream.url, timeoutMs: 2000, settleMs: 0 });
    expect(report).toEqual({ sent: 2, kept: 0, unreadable: 0 });
    expect(upstream.received.map((r) => JSON.parse(r.body).name)).toEqual(["Echo", "Delta"]);
    expect(readdirSync(join(dir, "leftover"))).toEqual([]);
    expect(await replayOutbox({ outboxFile: join(dir, "none", "x.ndjson"), upstreamUrl: upstream.url, timeoutMs: 2000 })).toEqual({ sent: 0, kept: 0, unreadable: 0 });
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
    expect(upstream.received.map((r) => JSON.parse(r.body).name)).toEqual(["Foxtrot"]);
    expect(lines(file)).toEqual([]);
  });
});
