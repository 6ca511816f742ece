import { setTimeout as sleep } from "node:timers/promises";

/**
 * Asks `check` every `everyMs` until it says yes (true), the deadline passes or `alive` says the
 * process being waited for is gone (false): how the harness and the dev loop wait for a server.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  { timeoutMs = 15_000, everyMs = 50, alive = (): boolean => true } = {},
): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; alive() && Date.now() < deadline; await sleep(everyMs))
    if (await check()) return true;
  return false;
}
