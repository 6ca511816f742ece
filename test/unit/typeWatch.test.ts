import { describe, expect, it } from "vitest";
import { typeReports } from "../../scripts/lib/typeWatch.ts";

// What `npm run dev` prints from tsc's watch output (scripts/lib/typeWatch.ts).
describe("type-check reports in the dev loop", () => {
  it("gives one report per check: the error lines and their count, without tsc's chatter", () => {
    const reports: [number, string[]][] = [];
    const feed = typeReports((errors, lines) => reports.push([errors, lines]));
    for (const line of [
      "12:28:05 PM - Starting compilation in watch mode...",
      "",
      "12:28:07 PM - Found 0 errors. Watching for file changes.",
      "12:29:10 PM - File change detected. Starting incremental compilation...",
      "client/App.tsx(3,7): error TS2322: Type 'number' is not assignable to type 'string'.",
      "shared/site.ts(9,1): error TS2304: Cannot find name 'x'.",
      "12:29:11 PM - Found 2 errors. Watching for file changes.",
      "12:29:30 PM - File change detected. Starting incremental compilation...",
      "12:29:31 PM - Found 1 error. Watching for file changes.",
    ])
      feed(line);
    expect(reports).toEqual([
      [0, []],
      [
        2,
        [
          "client/App.tsx(3,7): error TS2322: Type 'number' is not assignable to type 'string'.",
          "shared/site.ts(9,1): error TS2304: Cannot find name 'x'.",
        ],
      ],
      [1, []],
    ]);
  });
});
