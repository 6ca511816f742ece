import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { request as httpRequest, type OutgoingHttpHeaders } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Logger } from "pino";
import { checkContact } from "../../shared/contact.ts";
import { contactFields, honeypotField } from "../../shared/contactMessages.ts";
import { createLogger } from "../../server/logger.ts";
import { startUpstream, type FakeUpstream } from "../../scripts/harness/contactUpstream.ts";
import { startServer, type RunningServer } from "../../scripts/harness/handlerServer.ts";

// Property-based fuzzing of the relay over real HTTP on loopback: thousands of generated bodies,
// content types and headers. Never a 5xx, never a crash, never an invalid or extra field sent
// upstream, nothing polluted.
const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);
const PATH = "/api/Geography/addContactUs";
// 403: a post with a foreign Origin (cross-site) is refused before its body is read.
const EXPECTED = new Set([200, 202, 303, 400, 403, 413, 415]);

let dir: string;
let upstream: FakeUpstream;
let server: RunningServer;
const logs: Array<Record<string, unknown>> = [];
let casesTried = 0;

function captureLogger(): Logger {
  return createLogger("info", { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fuzz-"));
  upstream = await startUpstream(200);
  server = await startServer(
    { CONTACT_UPSTREAM_URL: upstream.url, CONTACT_QUEUE_FILE: join(dir, "queue.sqlite"), RATE_LIMIT_MAX: "1000000" },
    { logger: captureLogger() },
  );
});

afterAll(async () => {
  await server?.close();
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Sent {
  status: number;
  body: string;
}

function post(headers: OutgoingHttpHeaders, body: Buffer): Promise<Sent> {
  const { port } = new URL(server.url);
  // The form posts to its own page without its script; everything else goes to the API.
  const formPost = /^application\/x-www-form-urlencoded/i.test(String(headers["content-type"] ?? ""));
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: formPost ? "/Contact" : PATH,
        method: "POST",
        headers: { ...headers, "content-length": body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

// ---- generators -------------------------------------------------------------------------

const nastyKey = fc.constantFrom(
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  honeypotField,
  "",
  "name ",
  "NAME",
  "polluted",
);
const controlChars = fc.string({
  unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  maxLength: 20,
});
const hugeString = fc.integer({ min: 1000, max: 20_000 }).map((n) => "x".repeat(n));
/** Valid values (so that many messages do reach the upstream, extra keys and all). */
const plausible = {
  name: fc.constantFrom("Ada Lovelace", "  Grace  ", "Ωμέγα 名前", "O'Brien <b>"),
  email: fc.constantFrom("ada@example.org", "a@b.co", " x.y+z@sub.example.com "),
  phone: fc.constantFrom("5551234567", "123456789012345", "0000000"),
  subject: fc.constantFrom("Hello", "Ünïcödé ✓", "{{7*7}} ${x}"),
  message: fc.constantFrom("A message.", "Line one\r\nLine two", "'; DROP TABLE messages; --", "\u0000\u001b[31m"),
};
/** Anything at all where a field's string should be. */
const wildValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary" }),
  controlChars,
  hugeString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(nastyKey, fc.jsonValue(), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 6 }),
);
const fieldValue = (field: keyof typeof plausible) =>
  fc.oneof({ arbitrary: plausible[field], weight: 12 }, { arbitrary: wildValue, weight: 1 });

/** Objects shaped like a message: each field valid-looking or wild or missing, plus odd extra keys. */
const messageLike = fc
  .record(
    {
      name: fieldValue("name"),
      email: fieldValue("email"),
      phone: fieldValue("phone"),
      subject: fieldValue("subject"),
      message: fieldValue("message"),
    },
    { requiredKeys: [] },
  )
  .chain((fields) =>
    fc
      .dictionary(fc.oneof(nastyKey, fc.string({ maxLength: 8 })), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 })
      .map((extra) => ({ ...extra, ...fields })),
  );

/** JSON text, including what JSON.stringify would never write: duplicate and __proto__ keys. */
const jsonText = fc.oneof(
  messageLike.map((value) => JSON.stringify(value)),
  fc.jsonValue({ maxDepth: 8 }).map((value) => JSON.stringify(value)),
  fc
    .tuple(
      messageLike,
      fc.constantFrom(
        '"__proto__":{"polluted":"yes"}',
        '"constructor":{"prototype":{"polluted":"yes"}}',
        '"name":{"__proto__":{"polluted":1}}',
        '"name":"dup","name":["a"]',
      ),
    )
    .map(([value, raw]) => {
      const text = JSON.stringify(value);
      return text === "{}" ? `{${raw}}` : `{${raw},${text.slice(1)}`;
    }),
  fc.string(), // not JSON at all, mostly
  fc.constantFrom("", "{", "[]", "null", '"text"', "1e999", '{"a":' + "[".repeat(5000), "\uFEFF{}"),
);

/** Form bodies: nested-looking keys, repeats, bad percent-escapes, many fields. */
const formText = fc.oneof(
  messageLike.map((value) =>
    Object.entries(value)
      .map(
        ([k, v]) =>
          `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === "string" ? v : (JSON.stringify(v) ?? ""))}`,
      )
      .join("&"),
  ),
  fc.constantFrom(
    "__proto__[polluted]=yes&name=a",
    "constructor[prototype][polluted]=yes",
    "name=a&name=b&email=c@d.ef",
    "name=%E0%A4%A&email=%ZZ",
    Array.from({ length: 50 }, (_, i) => `f${i}=${i}`).join("&"),
  ),
  fc.string(),
);

const encode = (text: string) => Buffer.from(text, "utf8");
/** Bytes that are not UTF-8: lone continuation bytes, overlongs, surrogates, truncated sequences. */
const invalidUtf8 = fc
  .tuple(
    fc.string({ maxLength: 20 }),
    fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b) => Buffer.from(b.map((x) => 0x80 | (x & 0x7f)))),
    fc.constantFrom(Buffer.from([0xc0, 0xaf]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xf4, 0x90])),
  )
  .map(([prefix, noise, bad]) =>
    Buffer.concat([encode(`{"name":"${prefix.replace(/["\\]/g, "")}`), noise, bad, encode('","email":"a@b.co"}')]),
  );

const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "Application/JSON",
  "application/json; charset=latin1",
  "application/json; charset=utf-16",
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=iso-8859-1",
  "text/plain",
  "multipart/form-data; boundary=xyz",
  "application/xml",
  "application/json, text/html",
  ";;;",
  undefined,
);

const extraHeaders: fc.Arbitrary<OutgoingHttpHeaders> = fc.record(
  {
    "content-encoding": fc.constantFrom("gzip", "deflate", "br", "identity", "x-bogus", "gzip, gzip"),
    "x-forwarded-for": fc.constantFrom(
      "203.0.113.9",
      "not-an-ip",
      "1.1.1.1, 2.2.2.2, 3.3.3.3",
      "::ffff:10.0.0.1",
      "x".repeat(2000),
    ),
    "x-request-id": fc.constantFrom("abc", "../../etc/passwd", "x".repeat(300), "id with spaces"),
    accept: fc.constantFrom("*/*", "text/html", "application/json", ""),
    cookie: fc.constantFrom("__proto__=1", "a=b; constructor=c"),
    origin: fc.constantFrom("https://evil.example", "null"),
  },
  { requiredKeys: [] },
);

const hostileRequest = fc.oneof(
  fc.record({
    body: fc.oneof(
      { arbitrary: jsonText.map(encode), weight: 4 },
      { arbitrary: formText.map(encode), weight: 2 },
      { arbitrary: invalidUtf8, weight: 1 },
      { arbitrary: fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)), weight: 1 },
    ),
    type: contentType,
    headers: extraHeaders,
  }),
  // Well-formed carriers of message-shaped objects: these reach the schema, and many the upstream.
  fc.record({
    body: messageLike.map((value) => encode(JSON.stringify(value))),
    type: fc.constant("application/json"),
    headers: fc.constant({}),
  }),
  fc.record({
    body: formText.map(encode),
    type: fc.constant("application/x-www-form-urlencoded"),
    headers: fc.constant({}),
  }),
);

// ---- the property ---------------------------------------------------------------------------

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();

describe("hostile input to the relay", () => {
  it(`never a 5xx, never a crash, never anything but a valid five-field message upstream (${RUNS} generated requests)`, async () => {
    const keysBefore = prototypeKeys();
    await fc.assert(
      fc.asyncProperty(hostileRequest, async ({ body, type, headers }) => {
        casesTried++;
        const sent = upstream.received.length;
        const res = await post({ ...headers, ...(type ? { "content-type": type } : {}) }, body);
        expect(EXPECTED, `status ${res.status}: ${res.body.slice(0, 200)}`).toContain(res.status);
        // Nothing but the relay's own answers: no stack trace, no echo of an upstream body.
        expect(res.body).not.toMatch(/\bat \w+ \(|node_modules|upstream body/);
        for (const forwarded of upstream.received.slice(sent)) {
          const parsed = JSON.parse(forwarded.body) as Record<string, unknown>;
          expect(Object.keys(parsed)).toEqual([...contactFields]);
          expect(checkContact(parsed).ok).toBe(true);
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: 60_000 },
    );
    console.log(`fuzz: ${casesTried} generated requests; ${upstream.received.length} valid messages forwarded`);
    expect(casesTried).toBeGreaterThanOrEqual(Math.min(RUNS, 1000));
    expect(prototypeKeys()).toEqual(keysBefore);
    expect(logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
  });
});
