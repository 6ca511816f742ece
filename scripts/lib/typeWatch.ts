import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

// esbuild strips types without checking them, so a type error would show nowhere until
// `npm test`. `npm run dev` runs the project's own `tsc --noEmit --watch` beside its builds and
// prints what it finds after each save: the errors, or one line once they are gone.

/** tsc's summary line after each check, e.g. "12:28:07 PM - Found 2 errors. Watching for file changes." */
const SUMMARY = /Found (\d+) errors?\b/;
/** tsc's "file changed, checking again" line, which says nothing worth a line of its own. */
const RESTART = /(Starting compilation|File change detected)/;

/** Groups tsc's watch output into one report per check. */
export function typeReports(onReport: (errors: number, lines: string[]) => void): (line: string) => void {
  let lines: string[] = [];
  return (line) => {
    const summary = SUMMARY.exec(line);
    if (summary) {
      onReport(Number(summary[1]), lines);
      lines = [];
    } else if (!RESTART.test(line) && line.trim() !== "") lines.push(line);
  };
}

export function watchTypes(log: (line: string) => void): ChildProcess {
  const child = spawn("node_modules/.bin/tsc", ["--noEmit", "--watch", "--preserveWatchOutput", "--pretty", "false"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Printed when they change: a save that fixes nothing does not repeat the same errors.
  let last = "";
  const report = typeReports((errors, lines) => {
    const text = errors > 0 ? `type errors: ${errors}\n${lines.join("\n")}` : "type errors: none";
    if (text !== last && (errors > 0 || last !== "")) log(text);
    last = text;
  });
  createInterface({ input: child.stdout }).on("line", report);
  child.on("error", (error) => log(`type check could not start: ${error.message}`));
  return child;
}
