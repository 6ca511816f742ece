import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Layers, one command: pure units, the server through supertest, the resilience suite against
// the production build, the UI in real Chromium, then Lighthouse.
// Groups run one after the other; inside a group, files run side by side. What shares a group is
// chosen by what each file does with the two cores: a file that mostly waits (on a lock to
// expire, a backoff, a slow client) runs beside one that computes; two that compute do not.
/** The suites that drive load, whose figures mean something only with the cores to themselves. */
const LOAD = [
  "test/resilience/load.test.ts",
  "test/resilience/campaign-load.test.ts",
  "test/resilience/fleet.test.ts",
  "test/resilience/flood.test.ts",
];
/**
 * Resilience files that spend their time waiting (a lock to expire, a backoff, a slow client's
 * deadline), with a core to spare: beside Lighthouse, which leaves one idle.
 */
const WAITING = [
  "test/resilience/contact-queue.test.ts",
  "test/resilience/redis-replicas.test.ts",
  "test/resilience/slow-clients.test.ts",
];

/**
 * The files that take longest, longest first (measured on 2 cores, 2026-11-27): each starts first
 * in its group, so none is left running alone at the group's end while the other core idles.
 * Vitest orders by the durations it cached on this machine, and without them (a clean clone in
 * CI) by file size: a11y.test.ts, 73 lines and over a minute, came last of the browser files.
 */
const LONGEST_FIRST = [
  "test/e2e/click-through.test.ts",
  "test/e2e/a11y.test.ts",
  "test/e2e/visual.test.ts",
  "test/e2e/critical-css.test.ts",
  "test/e2e/keyboard-walk.test.ts",
  "test/e2e/home.test.ts",
  "test/resilience/hostile-input.test.ts",
  "test/resilience/skew.test.ts",
  "test/server/npm-scripts.test.ts",
  "test/server/production-start.test.ts",
  "test/server/process.test.ts",
  "test/e2e/lighthouse.test.ts",
  "test/resilience/contact-queue.test.ts",
  "test/resilience/redis-replicas.test.ts",
];

/** Vitest's own order (groups, then projects, as it runs them), the files above first in theirs. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return at === -1 ? LONGEST_FIRST.length : at;
    };
    const key = (file: TestSpecification, index: number) =>
      [file.project.config.sequence.groupOrder, file.project.name, rank(file), index] as const;
    return sorted
      .map((file, index) => ({ file, key: key(file, index) }))
      .sort((a, b) => {
        for (let i = 0; i < a.key.length; i++) {
          const [x, y] = [a.key[i]!, b.key[i]!];
          if (x !== y) return x < y ? -1 : 1;
        }
        return 0;
      })
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    // The unit and server files share their workers' module cache (`isolate: false` below):
    // re-importing the server, React's renderer and zod for every file cost those two projects
    // a fifth of their CPU (75 s of CPU and 42 s on 2 cores, 60 s and 35 s shared). None mocks
    // a module or sets the environment it reads, and the one test that fakes Date
    // (test/server/contact-queue.test.ts) restores it in the same test: a file inherits nothing
    // from the one before it but loaded code. Resilience and load files keep a fresh module graph
    // each: they measure, or fault the processes they start.
    // Vitest's default is one worker per core less one: a single worker on a 2-core runner. The
    // unit and server files mostly wait on child processes and sockets.
    maxWorkers: 4,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          // Property tests run hundreds of cases: a bound for a busy runner, not a timing.
          testTimeout: 20_000,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "server",
          include: ["test/server/**/*.test.{ts,tsx}"],
          environment: "node",
          isolate: false,
          testTimeout: 20_000,
          expect: { poll: { timeout: 10_000 } },
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Load, one file at a time, with the cores to itself.
        test: {
          name: "load",
          include: LOAD,
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Faults, hostile input, Redis outages, replicas killed, slow clients: mostly waiting on
        // locks, backoffs and timeouts at production settings, so beside the server files.
        test: {
          name: "resilience",
          include: ["test/resilience/**/*.test.ts"],
          exclude: [...LOAD, ...WAITING],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // As for e2e: a poll waits for something that will happen, not a timing bar.
          expect: { poll: { timeout: 10_000 } },
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          exclude: ["test/e2e/lighthouse.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // expect.poll waits for something that will happen; vitest's 1 s default is a timing
          // bar a busy CI runner can miss.
          expect: { poll: { timeout: 10_000 } },
          // Two browsers at a time (Chromium's headless shell, scripts/harness/browser.ts). No
          // browser test holds a duration to a tight bound on the wall's clock: the page's timers
          // run on Playwright's fake clock where a duration matters (home.test.ts).
          maxWorkers: 2,
          // As for the unit and server files, the browser files share their worker's module
          // cache: each imported the server, React's renderer and zod anew (about 0.8 s of CPU a
          // file; 22.2 -> 14.9 s for nine of them). Each starts its own server and browser
          // (test/helpers/e2e.ts), and none mocks a module or sets the environment.
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: "resilience-waiting",
          include: WAITING,
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
          sequence: { groupOrder: 3 },
        },
      },
      {
        // Beside the waiting files only: Lighthouse's blocking-time figures are CPU-sensitive. It
        // judges a route under its floor on the median of three runs (lighthouse.test.ts).
        test: {
          name: "lighthouse",
          include: ["test/e2e/lighthouse.test.ts"],
          environment: "node",
          testTimeout: 600_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
