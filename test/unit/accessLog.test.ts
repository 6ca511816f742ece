import { describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { createAccessLog } from "../../server/accessLog.ts";
import { createLogger } from "../../server/logger.ts";

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, sink };
}

describe("createAccessLog", () => {
  it("writes the line pino would write for the same request, key for key", () => {
    const { lines, sink } = capture();
    const logger = createLogger("info", sink);
    createAccessLog(logger)!("lb-1", "GET", "/Category", 200, 3);
    logger.info({ req: { id: "lb-1", method: "GET", url: "/Category" }, res: { statusCode: 200 }, responseTime: 3 }, "request completed");
    expect(lines).toHaveLength(2);
    const [fast, pinoLine] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(fast!)).toEqual(Object.keys(pinoLine!));
    expect({ ...fast, time: 0 }).toEqual({ ...pinoLine, time: 0 });
    expect(fast!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("escapes what it writes and stays silent below info", () => {
    const { lines, sink } = capture();
    createAccessLog(createLogger("info", sink))!('a"b', "HEAD", '/x"y', 304, 0);
    expect(JSON.parse(lines[0]!)).toMatchObject({ req: { id: 'a"b', method: "HEAD", url: '/x"y' }, res: { statusCode: 304 } });
    expect(createAccessLog(createLogger("warn", sink))).toBeUndefined();
  });
});
