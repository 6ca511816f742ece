import { describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { Socket } from "node:net";
import { IncomingMessage, ServerResponse } from "node:http";
import { createAccessLog } from "../../server/accessLog.ts";
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { createLogger, maskedUrl, requestLogger } from "../../server/logger.ts";

/** What the request path (server/handler.ts) does before Express: the id, echoed, and the request's logger. */
function identify(req: IncomingMessage, res: ServerResponse, logger: Logger) {
  res.setHeader("X-Request-Id", (req.id = randomUUID()));
  requestLogger(req, logger);
}

/** A logger at `level` whose lines (and the writes that carried them) the test reads. */
function capture(level = "info") {
  const lines: string[] = [];
  const writes: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      writes.push(String(chunk));
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, writes, sink, logger: createLogger(level, sink) };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A request and its answer as the access log sees them once the response is done. */
function exchange(method: string, url: string, statusCode: number, id?: string) {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.url = url;
  if (id !== undefined) req.id = id;
  const res = new ServerResponse(req);
  res.statusCode = statusCode;
  return { req, res };
}

/** Logs one front-door answer (no request logger: the line built by hand). */
function logAnswer(
  log: NonNullable<ReturnType<typeof createAccessLog>>,
  id: string,
  method: string,
  url: string,
  statusCode: number,
  responseTime: number,
) {
  const { req, res } = exchange(method, url, statusCode, id);
  if (statusCode === 503) res.setHeader("Retry-After", "1");
  log(req, res, url, responseTime);
}

describe("createAccessLog", () => {
  it("writes the line pino would write for the same request, key for key", async () => {
    const { lines, logger } = capture();
    logAnswer(createAccessLog(logger)!, "lb-1", "GET", "/Category", 200, 3);
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

  it("writes the same line through the request's own logger for what Express answers, with what a route bound", async () => {
    const { lines, logger } = capture();
    const log = createAccessLog(logger)!;
    const viaExpress = exchange("POST", "/api/vitals?token=abc", 204);
    identify(viaExpress.req, viaExpress.res, logger);
    const id = viaExpress.res.getHeader("X-Request-Id");
    expect(viaExpress.req.id).toBe(id);
    viaExpress.req.log!.setBindings({ vitals: { path: "/" } });
    log(viaExpress.req, viaExpress.res, "/api/vitals?token=abc", 2);
    logAnswer(log, String(id), "POST", "/api/vitals?token=abc", 204, 2);
    await nextTurn();
    expect(lines).toHaveLength(2);
    const [routed, fast] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const { vitals, ...rest } = routed!;
    expect(vitals).toEqual({ path: "/" });
    expect(Object.keys(rest)).toEqual(Object.keys(fast!));
    expect({ ...rest, time: 0 }).toEqual({ ...fast, time: 0 });
    expect(fast!.req).toEqual({ id, method: "POST", url: "/api/vitals?token=***" });
  });

  it("escapes what it writes, and logs by status: 4xx and a 503 with Retry-After warn, other 5xx error", async () => {
    const { lines, sink } = capture();
    logAnswer(createAccessLog(createLogger("info", sink))!, 'a"b', "HEAD", '/x"y', 304, 0);
    await nextTurn();
    expect(JSON.parse(lines[0]!)).toMatchObject({
      req: { id: 'a"b', method: "HEAD", url: '/x"y' },
      res: { statusCode: 304 },
    });
    const warnOnly = capture("warn");
    const log = createAccessLog(warnOnly.logger)!;
    logAnswer(log, "a", "GET", "/", 200, 0);
    logAnswer(log, "b", "GET", "/nope", 404, 0);
    logAnswer(log, "c", "GET", "/", 503, 0);
    logAnswer(log, "d", "GET", "/", 500, 0);
    const unavailable = exchange("POST", "/api/Geography/addContactUs", 503, "e");
    log(unavailable.req, unavailable.res, "/api/Geography/addContactUs", 0);
    await nextTurn();
    expect(warnOnly.lines.map((line) => (JSON.parse(line) as { level: number }).level)).toEqual([40, 40, 50, 50]);
    expect(createAccessLog(createLogger("error", sink))).toBeUndefined();
  });

  it('says "request aborted" for an answer the client left before it was sent, on both paths', async () => {
    const { lines, logger } = capture();
    const log = createAccessLog(logger)!;
    const page = exchange("GET", "/", 200, "cut-1");
    log(page.req, page.res, "/", 4, true);
    const posted = exchange("POST", "/api/Geography/addContactUs", 400, "cut-2");
    posted.req.log = logger.child({ req: { id: "cut-2", method: "POST", url: "/api/Geography/addContactUs" } });
    log(posted.req, posted.res, "/api/Geography/addContactUs", 2, true);
    await nextTurn();
    const parsed = lines.map((line) => JSON.parse(line) as { msg: string; level: number; req: { id: string } });
    expect(parsed.map((l) => [l.req.id, l.msg, l.level]).sort()).toEqual([
      ["cut-1", "request aborted", 30],
      ["cut-2", "request aborted", 40],
    ]);
  });

  it("leaves the balancer's probes out, whatever they answer", async () => {
    const { lines, logger } = capture();
    const log = createAccessLog(logger)!;
    for (const url of ["/healthz", "/readyz"]) {
      const probe = exchange("GET", url, 503, "p");
      log(probe.req, probe.res, url, 0);
    }
    logAnswer(log, "q", "GET", "/readyz?x", 200, 0);
    await nextTurn();
    expect(lines.map((line) => (JSON.parse(line) as { req: { url: string } }).req.url)).toEqual(["/readyz?x"]);
  });

  it("hands a turn's lines to the destination in one write, in order, and flush() writes them at once", async () => {
    const { lines, writes, logger } = capture();
    const log = createAccessLog(logger)!;
    for (let i = 0; i < 5; i++) logAnswer(log, `id-${i}`, "GET", "/", 200, 0);
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

    logAnswer(log, "id-5", "GET", "/", 200, 0);
    log.flush();
    expect(writes).toHaveLength(2);
    await nextTurn();
    expect(writes).toHaveLength(2);
  });
});

describe("what a log line tells and hides", () => {
  it("names the build and the replica on every line, the fast path's too", async () => {
    const { lines, logger } = capture();
    logAnswer(createAccessLog(logger)!, "lb-2", "GET", "/", 200, 1);
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
    const { lines, logger } = capture();
    logAnswer(createAccessLog(logger)!, "lb-3", "GET", "/main?name=Ada+Lovelace&utm_medium=x", 200, 1);
    const viaExpress = exchange("GET", "/api/x?name=Ada+Lovelace&utm_medium=x", 404);
    identify(viaExpress.req, viaExpress.res, logger);
    createAccessLog(logger)!(viaExpress.req, viaExpress.res, "/api/x?name=Ada+Lovelace&utm_medium=x", 1);
    await nextTurn();
    expect(lines).toHaveLength(2);
    expect(lines.join("\n")).not.toContain("Lovelace");
    // (The front door's lines wait for the end of the turn: the two need not come in order.)
    expect(lines.map((line) => (JSON.parse(line) as { req: { url: string } }).req.url).sort()).toEqual([
      "/api/x?name=***&utm_medium=x",
      "/main?name=***&utm_medium=x",
    ]);
  });
});
