import { defineConfig } from "vitest/config";

// Three layers, one command: pure units, the server through supertest, the UI in real Chromium.
export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["test/unit/**/*.test.{ts,tsx}"], environment: "node" } },
      { test: { name: "server", include: ["test/server/**/*.test.{ts,tsx}"], environment: "node", testTimeout: 20_000 } },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One Chromium at a time: two cores are shared with the server under test.
          fileParallelism: false,
        },
      },
    ],
  },
});
