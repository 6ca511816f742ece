/**
 * Runs `work` over `items` on `lanes` lanes side by side, each lane taking the next item as soon
 * as it is free (a lane stands for a browser page, say). Results come in the items' order.
 * Every lane has stopped when this settles, even after a failure (the first is then thrown), so
 * no lane is still using what it was given when the caller moves on.
 */
export async function sideBySide<T, R>(
  items: readonly T[],
  lanes: number,
  work: (item: T, lane: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const settled = await Promise.allSettled(
    Array.from({ length: Math.min(lanes, items.length) }, async (_, lane) => {
      for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!, lane);
    }),
  );
  for (const result of settled) if (result.status === "rejected") throw result.reason;
  return results;
}
