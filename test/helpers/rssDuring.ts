import type { ProductionServer } from "../../scripts/harness/productionServer.ts";

/**
 * Runs `load` against the production server and reads its resident set size before, once a
 * second during and after it: what the load tests hold to a container's memory.
 */
export async function rssDuring<T>(
  server: ProductionServer,
  load: () => Promise<T>,
): Promise<{ result: T; rssBefore: number; samples: number[]; rssAfter: number }> {
  const rssBefore = server.rss();
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(server.rss()), 1000);
  try {
    const result = await load();
    return { result, rssBefore, samples, rssAfter: server.rss() };
  } finally {
    clearInterval(sampler);
  }
}
