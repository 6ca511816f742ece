import { describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { createAccessLog } from "../../server/accessLog.ts";
import { createLogger } from "../../server/logger.ts";

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
    logger.info({ req: { id: "lb-1", method: "GET", url: "/Category" }, res: { statusCode: 200 }, responseTime: 3 }, "request completed");
    expect(lines).toHaveLength(2);
    const [fast, pinoLine] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(fast!)).toEqual(Object.keys(pinoLine!));
    expect({ ...fast, time: 0 }).toEqual({ ...pinoLine, time: 0 });
    expect(fast!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("escapes what it writes and stays silent below info", async () => {
    const { lines, sink } = capture();
    createAccessLog(createLogger("info", sink))!('a"b', "HEAD", '/x"y', 304, 0);
    await nextTurn();
    expect(JSON.parse(lines[0]!)).toMatchObject({ req: { id: 'a"b', method: "HEAD", url: '/x"y' }, res: { statusCode: 304 } });
    expect(createAccessLog(createLogger("warn", sink))).toBeUndefined();
  });

  it("hands a turn's lines to the destination in one write, in order, and flush() writes them at once", async () => {
    const { lines, writes, sink } = capture();
    const log = createAccessLog(createLogger("info", sink))!;
    for (let i = 0; i < 5; i++) log(`id-${i}`, "GET", "/", 200, 0);
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toHaveLength(1);
    expect(lines.map((line) => (JSON.parse(line) as { req: { id: string } }).req.id)).toEqual(["id-0", "id-1", "id-2", "id-3", "id-4"]);

    log("id-5", "GET", "/", 200, 0);
    log.flush();
    expect(writes).toHaveLength(2);
    await nextTurn();
    expect(writes).toHaveLength(2);
  });
});
