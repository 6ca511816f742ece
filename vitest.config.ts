import { defineConfig } from "vitest/config";

// Three layers, one command: pure units, the server through supertest, the UI in real Chromium.
// Groups run one after the other so browser tests and Lighthouse do not compete for the two
// cores with the server suites (Lighthouse's blocking-time figures are CPU-sensitive).
export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["test/unit/**/*.test.{ts,tsx}"], environment: "node", sequence: { groupOrder: 0 } } },
      {
        test: {
          name: "server",
          include: ["test/server/**/*.test.{ts,tsx}"],
          environment: "node",
          testTimeout: 20_000,
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
          // One Chromium at a time: two cores are shared with the server under test.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: "lighthouse",
          include: ["test/e2e/lighthouse.test.ts"],
          environment: "node",
          testTimeout: 600_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
