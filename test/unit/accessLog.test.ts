import { describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pinoHttp } from "pino-http";
import { createAccessLog, pinoHttpOptions } from "../../server/accessLog.ts";
import { createLogger, maskedUrl } from "../../server/logger.ts";

function capture() {
  const lines: string[] = [];
  const writes: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      writes.push(String(chunk));
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, writes, sink };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("createAccessLog", () => {
  it("writes the line pino would write for the same request, key for key", async () => {
    const { lines, sink } = capture();
    const logger = createLogger("info", sink);
    createAccessLog(logger)!("lb-1", "GET", "/Category", 200, 3);
    await nextTurn();
    logger.info(
      { req: { id: "lb-1", method: "GET", url: "/Category" }, res: { statusCode: 200 }, responseTime: 3 },
      "request completed",
    );
    expect(lines).toHaveLength(2);
    const [fast, pinoLine] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(fast!)).toEqual(Object.keys(pinoLine!));
    expect({ ...fast, time: 0 }).toEqual({ ...pinoLine, time: 0 });
    expect(fast!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("writes the line pino-http writes for the same request: same keys, same shape, same level by status", async () => {
    /** The shape of a parsed line: each key with the type of its value, nested. */
    const shape = (value: unknown): unknown =>
      value !== null && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
        : typeof value;
    for (const status of [200, 404, 503, 500]) {
      const { lines, sink } = capture();
      const logger = createLogger("info", sink);
      // pino-http as Express mounts it (server/app.ts), on a real request.
      const middleware = pinoHttp(pinoHttpOptions(logger));
      const server = createServer((req: IncomingMessage, res: ServerResponse) =>
        middleware(req, res, () => {
          res.statusCode = status;
          // The front door's 503 is the busy answer, which always says when to come back.
          if (status === 503) res.setHeader("Retry-After", "1");
          res.end();
        }),
      );
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      await new Promise<void>((resolve, reject) => {
        const port = (server.address() as AddressInfo).port;
        request(
          { host: "127.0.0.1", port, path: "/Category?utm_source=x", headers: { "X-Request-Id": "lb-7" } },
          (res) => res.resume().on("end", resolve),
        )
          .on("error", reject)
          .end();
      });
      await new Promise((resolve) => server.close(resolve));
      expect(lines, String(status)).toHaveLength(1);
      createAccessLog(logger)!("lb-7", "GET", "/Category?utm_source=x", status, 1);
      await nextTurn();
      const [real, ours] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(Object.keys(ours!), String(status)).toEqual(
        status >= 500 ? Object.keys(real!).filter((k) => k !== "err") : Object.keys(real!),
      );
      const { err: _err, msg: _msg, ...comparable } = shape(real) as Record<string, unknown>;
      const { msg: _ourMsg, ...ourComparable } = shape(ours) as Record<string, unknown>;
      expect(ourComparable, String(status)).toEqual(comparable);
      expect({ ...ours, time: 0, responseTime: 0, msg: "" }, String(status)).toEqual({
        ...real,
        time: 0,
        responseTime: 0,
        msg: "",
        ...(status >= 500 ? { err: undefined } : {}),
      });
    }
  });

  it("escapes what it writes, and logs at the level pino-http would: 4xx and the busy 503 warn, 5xx error", async () => {
    const { lines, sink } = capture();
    createAccessLog(createLogger("info", sink))!('a"b', "HEAD", '/x"y', 304, 0);
    await nextTurn();
    expect(JSON.parse(lines[0]!)).toMatchObject({
      req: { id: 'a"b', method: "HEAD", url: '/x"y' },
      res: { statusCode: 304 },
    });
    const warnOnly = capture();
    const log = createAccessLog(createLogger("warn", warnOnly.sink))!;
    log("a", "GET", "/", 200, 0);
    log("b", "GET", "/nope", 404, 0);
    log("c", "GET", "/", 503, 0);
    log("d", "GET", "/", 500, 0);
    await nextTurn();
    expect(warnOnly.lines.map((line) => (JSON.parse(line) as { level: number }).level)).toEqual([40, 40, 50]);
    expect(createAccessLog(createLogger("error", sink))).toBeUndefined();
  });

  it("hands a turn's lines to the destination in one write, in order, and flush() writes them at once", async () => {
    const { lines, writes, sink } = capture();
    const log = createAccessLog(createLogger("info", sink))!;
    for (let i = 0; i < 5; i++) log(`id-${i}`, "GET", "/", 200, 0);
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toHaveLength(1);
    expect(lines.map((line) => (JSON.parse(line) as { req: { id: string } }).req.id)).toEqual([
      "id-0",
      "id-1",
      "id-2",
      "id-3",
      "id-4",
    ]);

    log("id-5", "GET", "/", 200, 0);
    log.flush();
    expect(writes).toHaveLength(2);
    await nextTurn();
    expect(writes).toHaveLength(2);
  });
});

describe("what a log line tells and hides", () => {
  it("names the build and the replica on every line, the fast path's too", async () => {
    const { lines, sink } = capture();
    const logger = createLogger("info", sink);
    createAccessLog(logger)!("lb-2", "GET", "/", 200, 1);
    await nextTurn();
    logger.child({ component: "x" }).info("another line");
    for (const line of lines.map((l) => JSON.parse(l) as Record<string, unknown>))
      expect(line).toMatchObject({ version: expect.any(String), pod: expect.any(String) });
  });

  it("masks query values but campaign tags, on both paths", async () => {
    expect(maskedUrl("/Contact?email=ada%40example.org&utm_source=news&token=abc&flag")).toBe(
      "/Contact?email=***&utm_source=news&token=***&flag",
    );
    expect(maskedUrl("/Category")).toBe("/Category");
    const { lines, sink } = capture();
    createAccessLog(createLogger("info", sink))!("lb-3", "GET", "/main?name=Ada+Lovelace&utm_medium=x", 200, 1);
    await nextTurn();
    expect(lines.join("\n")).not.toContain("Lovelace");
    expect((JSON.parse(lines[0]!) as { req: { url: string } }).req.url).toBe("/main?name=***&utm_medium=x");
  });
});
