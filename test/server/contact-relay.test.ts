import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Logger } from "pino";
import { createHandler } from "../../server/handler.ts";
import { createLogger } from "../../server/logger.ts";
import { relayErrors } from "../../server/contact/relayErrors.ts";
import { keptJobs } from "../helpers/queueStore.ts";
import { testConfig } from "../../scripts/harness/config.ts";
import { refusedUpstreamUrl, startUpstream, type FakeUpstream } from "../../scripts/harness/contactUpstream.ts";
import { listen } from "../../scripts/harness/listen.ts";
import { connect } from "node:net";
import { refusals } from "../../server/contact/relayErrors.ts";
import { contactSchema } from "../../shared/contact.ts";

/**
 * Sends a post's headers only, declaring `length` bytes of body that never come, and resolves
 * with the status line: an answer proves the server did not wait for the body.
 */
function headersOnly(url: string, headers: Record<string, string>, length: number): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      if (answer.includes("\r\n")) {
        socket.destroy();
        resolve(answer.split("\r\n")[0]!);
      }
    });
    socket.on("error", reject);
    const lines = Object.entries({ host: "localhost", "content-length": String(length), ...headers }).map(
      ([name, value]) => `${name}: ${value}`,
    );
    socket.write(
      `POST ${headers["content-type"]?.startsWith("application/x-www-form") ? FORM_PATH : PATH} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`,
    );
  });
}

const PATH = "/api/Geography/addContactUs";
/** Where the form posts without its script: the Contact page itself. */
const FORM_PATH = "/Contact";
// Distinctive values: the log test looks for each of them.
const valid = {
  name: "Zebulon Quartermaine",
  email: "zebulon.q@example.org",
  phone: "447700900123",
  subject: "Leasing a Quokka agent",
  message: "Please call me about xylophone-grade agents.",
};

let dir: string;
let upstream: FakeUpstream;
const logLines: string[] = [];

function captureLogger(): Logger {
  return createLogger("info", { write: (line: string) => void logLines.push(line) });
}

/** The queue file of the app made last: each app gets a file (and so a queue) of its own. */
let queueFile = "";
let apps = 0;

function appWith(env: Record<string, string>) {
  queueFile = join(dir, "queues", String(++apps), "contact.sqlite");
  return createHandler(testConfig({ RATE_LIMIT_MAX: "1000", CONTACT_QUEUE_FILE: queueFile, ...env }), {
    logger: captureLogger(),
  });
}

/** What the queue's store holds: the messages kept for the worker and the dead letters. */
async function queued(file = queueFile) {
  await new Promise((resolve) => setImmediate(resolve));
  const jobs = keptJobs(file);
  return {
    kept: jobs.filter((job) => !job.dead),
    dead: jobs.filter((job) => job.dead).map((job) => ({ job, reason: job.reason })),
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "contact-relay-"));
  upstream = await startUpstream();
});
afterAll(async () => {
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  upstream.received.length = 0;
  upstream.mode = 200;
  upstream.delayMs = 0;
});

describe("relay with an upstream", () => {
  it("POSTs exactly the five trimmed fields as JSON to <base>/api/Geography/addContactUs, no client headers", async () => {
    const app = appWith({ CONTACT_UPSTREAM_URL: upstream.url + "/" });
    const res = await request(app)
      .post(PATH)
      .set("Cookie", "session=secret")
      .set("Authorization", "Bearer client-token")
      .set("X-Custom", "leak")
      .set("User-Agent", "client-agent/1.0")
      .send({ ...valid, name: `  ${valid.name}  `, admin: true, website: "" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(upstream.received).toHaveLength(1);
    const sent = upstream.received[0]!;
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/api/Geography/addContactUs");
    expect(sent.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(sent.body)).toEqual(valid);
    expect(Object.keys(JSON.parse(sent.body))).toEqual(["name", "email", "phone", "subject", "message"]);
    expect(sent.headers.cookie).toBeUndefined();
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.headers["x-custom"]).toBeUndefined();
    expect(sent.headers["user-agent"]).not.toBe("client-agent/1.0");
    expect(await queued()).toEqual({ kept: [], dead: [] });
  });

  it("sends every field of the shared schema, keeps every one in the queue, and logs none of them", async () => {
    // Read from the schema, not listed here: a field added to it that the relay dropped (or the
    // logger did not redact) fails this test.
    const fields = Object.keys(contactSchema.shape);
    const message = Object.fromEntries(
      fields.map((field) => [field, (valid as Record<string, string>)[field] ?? "Extra"]),
    );
    const app = appWith({ CONTACT_UPSTREAM_URL: upstream.url });
    logLines.length = 0;
    expect((await request(app).post(PATH).send(message)).status).toBe(200);
    upstream.mode = 503;
    expect((await request(app).post(PATH).set("Idempotency-Key", "every-field").send(message)).status).toBe(202);
    // Both attempts carried all of it, and the queue (whose worker sends what it keeps) holds all of it.
    expect(upstream.received.map((sent) => JSON.parse(sent.body) as unknown)).toEqual([message, message]);
    expect((await queued()).kept.map((job) => job.contact)).toEqual([message]);
    // A careless line that logs the message, or each field by its name, prints none of it.
    createLogger("info", { write: (line: string) => void logLines.push(line) }).info(
      { contact: message, ...message },
      "careless",
    );
    for (const value of Object.values(message)) for (const line of logLines) expect(line).not.toContain(value);
  });

  it("with CONTACT_UPSTREAM_TOKEN, every attempt carries it as a bearer token, and no log line holds it", async () => {
    const token = "tok_9f8e7d6c5b4a";
    const app = appWith({ CONTACT_UPSTREAM_URL: upstream.url, CONTACT_UPSTREAM_TOKEN: token });
    logLines.length = 0;
    upstream.mode = 503;
    expect((await request(app).post(PATH).set("Idempotency-Key", "token-check-1").send(valid)).status).toBe(202);
    upstream.mode = 200;
    expect((await request(app).post(PATH).send(valid)).status).toBe(200);
    expect(upstream.received.map((r) => r.headers.authorization)).toEqual([`Bearer ${token}`, `Bearer ${token}`]);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join("\n")).not.toContain(token);
  });

  it("passes the provider's 2xx through as {ok:true} (the form toasts only on exactly 200), never echoing its body", async () => {
    const app = appWith({ CONTACT_UPSTREAM_URL: upstream.url });
    for (const mode of [200, 201, 202] as const) {
      upstream.mode = mode;
      const res = await request(app).post(PATH).send(valid);
      expect(res.status, String(mode)).toBe(mode);
      expect(res.body).toEqual({ ok: true });
    }
    // The no-JavaScript form still lands on the sent page, whatever the 2xx.
    upstream.mode = 201;
    const form = await request(app).post(FORM_PATH).type("form").send(valid);
    expect([form.status, form.headers.location]).toEqual([303, "/Contact?sent=1"]);
    expect(await queued()).toEqual({ kept: [], dead: [] });
  });

  it.each([400, 401, 403, 404, 409, 410, 422])(
    "treats an upstream %i as a permanent refusal: 502, a dead letter at once, logged",
    async (status) => {
      upstream.mode = status;
      const before = logLines.length;
      const res = await request(appWith({ CONTACT_UPSTREAM_URL: upstream.url }))
        .post(PATH)
        .send(valid);
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ error: relayErrors.upstreamRefused });
      const { kept, dead } = await queued();
      expect(kept).toEqual([]);
      expect(dead).toHaveLength(1);
      expect(dead[0]).toMatchObject({ reason: `upstream answered ${status}`, job: { contact: valid } });
      // The message's id went out as the idempotency key of the attempt.
      expect(upstream.received[0]!.headers["idempotency-key"]).toBe(dead[0]!.job.id);
      const logged = logLines
        .slice(before)
        .map((l) => JSON.parse(l))
        .find((l) => l.contactOutcome === "refused");
      expect(logged).toMatchObject({ upstreamStatus: status, jobId: dead[0]!.job.id, level: 50 });
    },
  );

  it.each([408, 429, 500, 503])(
    "queues the message for an upstream %i (worth trying again) and answers 202",
    async (status) => {
      upstream.mode = status;
      const res = await request(appWith({ CONTACT_UPSTREAM_URL: upstream.url }))
        .post(PATH)
        .send(valid);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ ok: true, queued: true });
      const { kept, dead } = await queued();
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatchObject({ contact: valid, firstFailedAt: expect.any(Number) });
      expect(upstream.received[0]!.headers["idempotency-key"]).toBe(kept[0]!.id);
      expect(dead).toEqual([]);
    },
  );

  it("the form shows the failure sentence when the provider refuses the message for good", async () => {
    upstream.mode = 422;
    const res = await request(appWith({ CONTACT_UPSTREAM_URL: upstream.url }))
      .post(FORM_PATH)
      .type("form")
      .send(valid);
    expect(res.status).toBe(502);
    expect(res.text).toMatch(/<p role="status"[^>]*>Something went wrong. Please try again.<\/p>/);
  });

  it("keeps the request id with a queued message, and the no-JavaScript form lands on the sent page", async () => {
    upstream.mode = 500;
    const app = appWith({ CONTACT_UPSTREAM_URL: upstream.url });
    const res = await request(app).post(PATH).send(valid);
    expect(res.status).toBe(202);
    expect((await queued()).kept[0]!.requestId).toBe(res.headers["x-request-id"]);
    const form = await request(app)
      .post(FORM_PATH)
      .type("form")
      .send({ ...valid, name: "Second Visitor" });
    expect([form.status, form.headers.location]).toEqual([303, "/Contact?sent=1"]);
    expect((await queued()).kept).toHaveLength(2);
  });

  it("answers 202 when the upstream refuses the connection, and keeps the message", async () => {
    const res = await request(appWith({ CONTACT_UPSTREAM_URL: await refusedUpstreamUrl() }))
      .post(PATH)
      .send(valid);
    expect(res.status).toBe(202);
    expect((await queued()).kept[0]).toMatchObject({ contact: valid });
  });

  it("answers 202 within the deadline when the upstream hangs, and keeps the message", async () => {
    upstream.mode = "hang";
    const started = performance.now();
    const res = await request(appWith({ CONTACT_UPSTREAM_URL: upstream.url, CONTACT_UPSTREAM_TIMEOUT_MS: "300" }))
      .post(PATH)
      .send(valid);
    const elapsed = performance.now() - started;
    expect(res.status).toBe(202);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(5000);
    expect((await queued()).kept[0]).toMatchObject({ contact: valid });
  });

  it("takes the same Idempotency-Key as the same message: one delivery, the same answer again", async () => {
    const app = appWith({ CONTACT_UPSTREAM_URL: upstream.url });
    const send = (key: string) => request(app).post(PATH).set("Idempotency-Key", key).send(valid);
    expect((await send("form-1")).status).toBe(200);
    expect((await send("form-1")).status).toBe(200);
    expect(upstream.received).toHaveLength(1);
    upstream.mode = 503;
    expect((await send("form-2")).status).toBe(202);
    expect((await send("form-2")).status).toBe(202);
    expect(upstream.received).toHaveLength(2);
    expect((await queued()).kept).toHaveLength(1);
    // A different form is a different message.
    expect((await send("form-3")).status).toBe(202);
    expect((await queued()).kept).toHaveLength(2);
  });

  it("answers 409 to a resend while the first request with its key is still with the provider", async () => {
    upstream.delayMs = 400;
    const app = appWith({ CONTACT_UPSTREAM_URL: upstream.url });
    const send = () => request(app).post(PATH).set("Idempotency-Key", "pressed-twice").send(valid);
    // supertest sends on then(): start the first request now.
    const first = send().then((res) => res);
    await expect.poll(() => upstream.received.length).toBe(1);
    const second = await send();
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: relayErrors.inFlight });
    expect(second.headers["retry-after"]).toBe("5");
    expect((await first).status).toBe(200);
    expect(upstream.received).toHaveLength(1);
  });

  it("forwards nothing for a filled honeypot but answers as a success", async () => {
    const app = appWith({ CONTACT_UPSTREAM_URL: upstream.url });
    const res = await request(app)
      .post(PATH)
      .send({ ...valid, website: "http://spam.example" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const form = await request(app)
      .post(FORM_PATH)
      .type("form")
      .send({ ...valid, website: "x" });
    expect(form.status).toBe(303);
    expect(upstream.received).toEqual([]);
    expect(await queued()).toEqual({ kept: [], dead: [] });
    expect(logLines.some((l) => JSON.parse(l).contactOutcome === "honeypot")).toBe(true);
  });
});

describe("relay input checks", () => {
  const app = () => appWith({ CONTACT_UPSTREAM_URL: upstream.url });

  it.each([
    ["name", "", "Name is required."],
    ["name", "   ", "Name is required."],
    ["email", "", "Email is required."],
    ["email", "not-an-email", "Invalid email format."],
    ["phone", "", "Phone number is required."],
    ["phone", "123456", "Invalid phone number."],
    ["phone", "1234567890123456", "Invalid phone number."],
    ["phone", "12 34 56", "Invalid phone number."],
    ["subject", "", "Subject is required."],
    ["message", "", "Message is required."],
    ["name", "n".repeat(101), "Name must be at most 100 characters."],
    ["subject", "a\nb", "Subject must fit on one line."],
  ])("400 for %s = %j: %s", async (field, value, message) => {
    const res = await request(app())
      .post(PATH)
      .send({ ...valid, [field]: value });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { [field]: message } });
    expect(upstream.received).toEqual([]);
  });

  it("400 with every field's message for an empty object or an empty JSON body", async () => {
    const all = {
      name: "Name is required.",
      email: "Email is required.",
      phone: "Phone number is required.",
      subject: "Subject is required.",
      message: "Message is required.",
    };
    expect((await request(app()).post(PATH).send({})).body).toEqual({ errors: all });
    const empty = await request(app()).post(PATH).set("Content-Type", "application/json").send("");
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ errors: all });
  });

  it("413 JSON above the limit (about 52 KB)", async () => {
    const res = await request(app())
      .post(PATH)
      .send({ ...valid, message: "x".repeat(60 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: relayErrors.tooLarge });
    expect(relayErrors.tooLarge).toBe("The message is too large: the limit is 51 KB.");
  });

  it("takes every field at its longest in a 3-byte script, form-encoded (9 bytes a character) or JSON with \\u escapes", async () => {
    const server = appWith({ CONTACT_UPSTREAM_URL: upstream.url });
    const longest = { ...valid, name: "名".repeat(100), subject: "件".repeat(200), message: "中文".repeat(2500) };
    const form = await request(server).post(FORM_PATH).type("form").send(new URLSearchParams(longest).toString());
    expect([form.status, form.headers.location]).toEqual([303, "/Contact?sent=1"]);
    const escaped = JSON.stringify(longest).replace(
      /[\u0080-\uffff]/g,
      (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"),
    );
    expect(Buffer.byteLength(escaped)).toBeGreaterThan(30 * 1024);
    const json = await request(server).post(PATH).set("Content-Type", "application/json").send(escaped);
    expect(json.status).toBe(200);
    expect(upstream.received.map((r) => JSON.parse(r.body))).toEqual([longest, longest]);
  });

  it("415 for other content types, or none", async () => {
    for (const type of ["text/plain", "multipart/form-data; boundary=x", "application/xml"]) {
      const res = await request(app()).post(PATH).set("Content-Type", type).send("name=x");
      expect(res.status, type).toBe(415);
      expect(res.body).toEqual({ error: relayErrors.unsupportedType });
    }
    const none = await request(app()).post(PATH);
    expect(none.status).toBe(415);
    const charset = await request(app()).post(PATH).set("Content-Type", "application/json; charset=latin1").send("{}");
    expect(charset.status).toBe(415);
  });

  it("400 {error} for malformed JSON or JSON that is not an object", async () => {
    for (const body of ['{"name": "x",', "nul", '"just a string"', "42"]) {
      const res = await request(app()).post(PATH).set("Content-Type", "application/json").send(body);
      expect(res.status, body).toBe(400);
      expect(res.body).toEqual({ error: relayErrors.malformedJson });
    }
    const array = await request(app()).post(PATH).send([valid]);
    expect(array.status).toBe(400);
    expect(array.body).toEqual({ error: relayErrors.notAnObject });
    expect(upstream.received).toEqual([]);
  });
});

describe("rate limit", () => {
  it("answers 429 JSON after RATE_LIMIT_MAX posts, with standard RateLimit headers", async () => {
    const app = appWith({ RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_MS: "60000" });
    const first = await request(app).post(PATH).send(valid);
    expect(first.status).toBe(202);
    expect(first.headers["ratelimit-policy"]).toMatch(/q=2; w=60/);
    expect(first.headers["ratelimit"]).toMatch(/r=1/);
    expect((await request(app).post(PATH).send({})).status).toBe(400);
    const limited = await request(app).post(PATH).send(valid);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: relayErrors.rateLimited });
    expect(limited.headers["ratelimit"]).toMatch(/r=0/);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await queued()).kept).toHaveLength(1);
  });

  it("counts each client behind a trusted proxy on its own, and ignores X-Forwarded-For from untrusted peers", async () => {
    const behindProxy = appWith({ RATE_LIMIT_MAX: "1", TRUST_PROXY: "1" });
    const a = await request(behindProxy).post(PATH).set("X-Forwarded-For", "203.0.113.1").send(valid);
    const b = await request(behindProxy).post(PATH).set("X-Forwarded-For", "203.0.113.2").send(valid);
    const a2 = await request(behindProxy).post(PATH).set("X-Forwarded-For", "203.0.113.1").send(valid);
    expect([a.status, b.status, a2.status]).toEqual([202, 202, 429]);

    const direct = appWith({ RATE_LIMIT_MAX: "1", TRUST_PROXY: "false" });
    const c = await request(direct).post(PATH).set("X-Forwarded-For", "203.0.113.3").send(valid);
    const d = await request(direct).post(PATH).set("X-Forwarded-For", "203.0.113.4").send(valid);
    expect([c.status, d.status]).toEqual([202, 429]);
  });
});

describe("embedded mode: no upstream, the file queue", () => {
  it("keeps each message in a 0600 SQLite file in a created folder, and answers 202", async () => {
    const app = appWith({});
    const file = join(dir, "queues", "nested", "deeper", "messages.sqlite");
    const nested = createHandler(testConfig({ RATE_LIMIT_MAX: "1000", CONTACT_QUEUE_FILE: file }), {
      logger: captureLogger(),
    });
    for (const server of [app, nested]) {
      const res = await request(server).post(PATH).send(valid);
      expect([res.status, res.body]).toEqual([202, { ok: true, queued: true }]);
    }
    expect(
      (
        await request(nested)
          .post(PATH)
          .send({ ...valid, name: "Second" })
      ).status,
    ).toBe(202);
    const { kept } = await queued(file);
    expect(kept.map((job) => job.contact.name)).toEqual([valid.name, "Second"]);
    expect(kept[0]!.id).not.toBe(kept[1]!.id);
    // Kept because no upstream was set, not because one failed: no maximum age runs yet.
    expect(kept[0]!.firstFailedAt).toBeUndefined();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(kept[0]!.contact.message).toBe(valid.message);
  });

  it("answers 503 and logs an error when the queue cannot be written", async () => {
    const blocker = join(dir, "a-file");
    writeFileSync(blocker, "");
    const app = appWith({ CONTACT_QUEUE_FILE: join(blocker, "queue.sqlite") });
    const before = logLines.length;
    const res = await request(app).post(PATH).send(valid);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: relayErrors.notKept });
    const errors = logLines
      .slice(before)
      .map((l) => JSON.parse(l))
      .filter((l) => l.level >= 50);
    expect(errors.some((l) => l.contactOutcome === "not_kept")).toBe(true);
  });
});

describe("logs", () => {
  it("carry request id, outcome, upstream status and latency, and never the visitor's data", async () => {
    const app = appWith({ CONTACT_UPSTREAM_URL: upstream.url });
    const before = logLines.length;
    upstream.mode = 201;
    const res = await request(app).post(PATH).set("X-Request-Id", "log-check-1").send(valid);
    expect(res.status).toBe(201);
    upstream.mode = 500;
    await request(app).post(PATH).send(valid);
    await request(app)
      .post(PATH)
      .send({ ...valid, phone: "12" });
    await request(app)
      .post(FORM_PATH)
      .type("form")
      .send({ ...valid, email: "bad" });
    await request(appWith({ CONTACT_QUEUE_FILE: join(dir, "a-file", "x") }))
      .post(PATH)
      .send(valid);

    const entries = logLines.slice(before).map((l) => JSON.parse(l));
    const relayed = entries.find((e) => e.contactOutcome === "delivered" && e.req?.id === "log-check-1");
    expect(relayed).toMatchObject({ upstreamStatus: 201, upstreamMs: expect.any(Number) });
    expect(entries.find((e) => e.contactOutcome === "queued")).toMatchObject({
      upstreamStatus: 500,
      jobId: expect.stringMatching(/^m[0-9a-f]{32}$/),
    });

    const all = logLines.join("\n");
    for (const value of [...Object.values(valid), "Zebulon", "447700900", "Quokka", "xylophone"]) {
      expect(all, value).not.toContain(value);
    }
  });

  it("redacts contact fields even if someone logs them", () => {
    const lines: string[] = [];
    const logger = createLogger("info", { write: (l: string) => void lines.push(l) });
    logger.info({ contact: valid }, "whole message");
    logger.info({ body: valid }, "a body");
    logger.info({ ...valid }, "fields at the top level");
    logger.info({ record: valid }, "fields one level down");
    for (const value of Object.values(valid)) expect(lines.slice(0, 3).join("\n")).not.toContain(value);
    const nested = JSON.parse(lines[3]!).record;
    expect([nested.email, nested.phone, nested.subject]).toEqual(["[redacted]", "[redacted]", "[redacted]"]);
  });

  it("keeps error messages in error logs", () => {
    const lines: string[] = [];
    const logger = createLogger("info", { write: (l: string) => void lines.push(l) });
    logger.error({ err: new Error("upstream exploded") }, "failed");
    expect(JSON.parse(lines[0]!).err.message).toBe("upstream exploded");
  });
});

describe("posts that are refused before their body is read", () => {
  it("refuses a cross-site post (Sec-Fetch-Site or a foreign Origin) with 403; same-site and header-less posts pass", async () => {
    const app = appWith({ SITE_URL: "https://www.example.com" });
    const form = () => request(app).post(FORM_PATH).type("form");
    const crossSite = await form().set("Sec-Fetch-Site", "cross-site").send(valid);
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers["content-type"]).toContain("text/html");
    expect(crossSite.text).toContain(relayErrors.crossSite);
    expect((await form().set("Origin", "https://evil.example").send(valid)).status).toBe(403);
    const json = await request(app).post(PATH).set("Origin", "https://evil.example").send(valid);
    expect([json.status, json.body]).toEqual([403, { error: relayErrors.crossSite }]);
    expect((await form().set("Origin", "https://www.example.com").send(valid)).status).toBe(303);
    expect((await form().set("Sec-Fetch-Site", "same-origin").send(valid)).status).toBe(303);
    expect((await form().send(valid)).status).toBe(303);
    expect((await queued()).kept).toHaveLength(3);
  });

  it("counts the rate limit before parsing: a limited post is 429 whatever its body, a form gets the kept refusal page", async () => {
    const app = appWith({ RATE_LIMIT_MAX: "1" });
    expect((await request(app).post(PATH).send(valid)).status).toBe(202);
    const malformed = await request(app).post(PATH).set("Content-Type", "application/json").send('{"name":');
    expect(malformed.status).toBe(429);
    const form = await request(app)
      .post(FORM_PATH)
      .type("form")
      .send({ ...valid, subject: "Typed before the limit" });
    expect([form.status, form.headers["retry-after"]]).toEqual([429, "60"]);
    // The page kept from start: why, and the way back (the browser's Back keeps what was typed).
    expect(form.text).toContain(relayErrors.rateLimited);
    expect(form.text).toContain('href="/Contact"');
    expect(form.text).not.toContain("Typed before the limit");
  });

  it("lets one client have MAX_IN_FLIGHT_PER_CLIENT posts in flight; the next is 429", async () => {
    upstream.delayMs = 300;
    const app = appWith({ CONTACT_UPSTREAM_URL: upstream.url, MAX_IN_FLIGHT_PER_CLIENT: "1" });
    const first = request(app)
      .post(PATH)
      .send(valid)
      .then((res) => res);
    await expect.poll(() => upstream.received.length).toBe(1);
    const second = await request(app).post(PATH).send(valid);
    expect(second.status).toBe(429);
    expect((await first).status).toBe(200);
    expect((await request(app).post(PATH).send(valid)).status).toBe(200);
  });

  it("answers before a byte of the body for a declared oversized body (413), a cross-site post and a limited one", async () => {
    const app = appWith({ RATE_LIMIT_MAX: "1", SITE_URL: "https://www.example.com" });
    const { url, close } = await listen(app);
    try {
      const json = { "content-type": "application/json" };
      const form = { "content-type": "application/x-www-form-urlencoded" };
      // A declared gigabyte: 413 at once, not a 408 once the body fails to come.
      expect(await headersOnly(url, json, 1_000_000_000)).toBe("HTTP/1.1 413 Payload Too Large");
      expect(await headersOnly(url, form, 1_000_000_000)).toBe("HTTP/1.1 413 Payload Too Large");
      expect(await headersOnly(url, { ...form, origin: "https://evil.example" }, 40_000)).toBe(
        "HTTP/1.1 403 Forbidden",
      );
      expect((await request(app).post(PATH).send(valid)).status).toBe(202);
      expect(await headersOnly(url, form, 40_000)).toBe("HTTP/1.1 429 Too Many Requests");
    } finally {
      await close();
    }
  });

  it("answers 503 with Retry-After once the queue is full, before the body: JSON for the script, the kept page for a form", async () => {
    const app = appWith({ CONTACT_QUEUE_MAX_MESSAGES: "1" });
    expect((await request(app).post(PATH).send(valid)).status).toBe(202);
    const json = await request(app)
      .post(PATH)
      .send({ ...valid, name: "Second" });
    expect([json.status, json.headers["retry-after"], json.body]).toEqual([
      503,
      "60",
      { error: relayErrors.queueFull },
    ]);
    const form = await request(app).post(FORM_PATH).type("form").send(valid);
    expect([form.status, form.headers["retry-after"]]).toEqual([503, "60"]);
    expect(form.text).toContain(refusals.queue_full.page);
    expect(form.text).toContain('href="/Contact"');
    // What was kept stays kept; the refused were never written.
    expect((await queued()).kept.map((job) => job.contact.name)).toEqual([valid.name]);
    const { url, close } = await listen(app);
    try {
      expect(await headersOnly(url, { "content-type": "application/json" }, 40_000)).toBe(
        "HTTP/1.1 503 Service Unavailable",
      );
    } finally {
      await close();
    }
  });
});
