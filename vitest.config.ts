import { defineConfig } from "vitest/config";

// Layers, one command: pure units, the server through supertest, the resilience suite against
// the production build, the UI in real Chromium.
// Groups run one after the other so browser tests and Lighthouse do not compete for the two
// cores with the server suites (Lighthouse's blocking-time figures are CPU-sensitive).
export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single worker on a 2-core runner. The
    // unit and server files mostly wait on child processes and sockets, so three side by side
    // finish in about three quarters of the time (resilience and e2e keep one file at a time).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "server",
          include: ["test/server/**/*.test.{ts,tsx}"],
          environment: "node",
          testTimeout: 20_000,
          expect: { poll: { timeout: 10_000 } },
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Load, faults, hostile input, replicas: slow and CPU-hungry, so one file at a time and
        // before Chromium starts (the load figures are only meaningful without competition).
        test: {
          name: "resilience",
          include: ["test/resilience/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // As for e2e: a poll waits for something that will happen, not a timing bar.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
          sequence: { groupOrder: 1 },
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
          // bar a busy CI runner can miss. Polls that measure a timing set their own bound.
          expect: { poll: { timeout: 10_000 } },
          // One Chromium at a time: two cores are shared with the server under test.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
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
