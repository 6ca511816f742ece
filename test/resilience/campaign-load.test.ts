import { afterAll, beforeAll, describe, expect, it } from "vitest";
import autocannon from "autocannon";
import { startProductionServer, type ProductionServer } from "../../scripts/harness/productionServer.ts";
import { rssDuring } from "../helpers/rssDuring.ts";

// A campaign flood: every request a URL never seen before (`/?utm_source=...&fbclid=<n>`), 10 s
// at 128 connections against `node dist/server/main.js`, next to `/` in the same run. Unique
// URLs must cost what `/` costs: no render, no per-URL memory.
const DURATION_S = 6;
const BASELINE_S = 3;
const CONNECTIONS = 128;
const MB = 1024 * 1024;

let server: ProductionServer;

beforeAll(async () => {
  // Per-request info lines would cost the server more than the requests; errors still show.
  server = await startProductionServer({ LOG_LEVEL: "error" });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe("campaign load", () => {
  it(`${DURATION_S} s of unique campaign URLs at ${CONNECTIONS} connections: all 200, p99 and RSS as for /`, async () => {
    const gzip = { "accept-encoding": "gzip" };
    // Warm-up (JIT, the background recompression), then `/` as the yardstick.
    await autocannon({ url: server.url, connections: CONNECTIONS, duration: 2, headers: gzip });
    const root = await autocannon({ url: server.url, connections: CONNECTIONS, duration: BASELINE_S, headers: gzip });

    const statuses = new Map<number, number>();
    let n = 0;
    const {
      result: campaign,
      rssBefore,
      samples,
      rssAfter,
    } = await rssDuring(server, () =>
      autocannon({
        url: server.url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: gzip,
        requests: [
          {
            method: "GET",
            setupRequest: (req) => ({
              ...req,
              path: `/?utm_source=newsletter&utm_medium=email&utm_campaign=c${n % 97}&fbclid=${n++}`,
            }),
            onResponse: (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1),
          },
        ],
      }),
    );

    console.log(
      `campaign load: / ${Math.round(root.requests.average)} req/s p99 ${root.latency.p99} ms; ` +
        `${n} unique campaign URLs ${Math.round(campaign.requests.average)} req/s p99 ${campaign.latency.p99} ms; ` +
        `RSS ${(rssBefore / MB).toFixed(0)} MB -> ${(rssAfter / MB).toFixed(0)} MB, each second ${samples.map((b) => Math.round(b / MB)).join(" ")}; ` +
        `statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );

    expect(campaign.errors).toBe(0);
    expect(campaign.timeouts).toBe(0);
    expect([...statuses.keys()]).toEqual([200]);
    expect(n).toBeGreaterThan(CONNECTIONS * DURATION_S);
    // As fast as `/` within the noise of a shared machine: the same kept bytes, nothing rendered.
    expect(campaign.requests.average).toBeGreaterThan(root.requests.average * 0.4);
    expect(campaign.latency.p99).toBeLessThan(Math.max(root.latency.p99 * 4, 250));
    // Memory: the limits of test/resilience/load.test.ts, and a 256 MB container's.
    expect(rssAfter).toBeLessThan(256 * MB);
    const halfway = samples[Math.floor(samples.length / 2) - 1]!;
    expect(rssAfter - halfway).toBeLessThan(32 * MB);
    expect(server.child.exitCode).toBeNull();
    expect((await server.settledLogs()).filter((l) => Number(l.level) >= 50)).toEqual([]);
  }, 90_000);
});
