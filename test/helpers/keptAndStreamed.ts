import { afterAll, beforeAll } from "vitest";
import { startHandler, type HandlerServer } from "../../scripts/harness/handlerServer.ts";

/** Stands for a server started later: reads go to it once `beforeAll` has started it. */
function startedLater(server: () => HandlerServer | undefined): HandlerServer {
  const started = () => {
    const running = server();
    if (!running) throw new Error("the server starts in beforeAll: use it inside a test");
    return running;
  };
  return {
    get url() {
      return started().url;
    },
    get handler() {
      return started().handler;
    },
    close: () => started().close(),
  };
}

/**
 * What main.ts serves, twice, for the tests of one file: `cached` with its kept pages,
 * `streamed` rendering every page per request (RENDER_CACHE=off), so a test can hold the kept
 * answer to the streamed one. Started before the file's tests, closed after them.
 */
export function keptAndStreamed(): { cached: HandlerServer; streamed: HandlerServer } {
  let cached: HandlerServer | undefined;
  let streamed: HandlerServer | undefined;
  // Recompressing the kept pages at the best levels (startHandler waits for it): on a loaded
  // two-core runner that can outlast the server project's 10 s default for a hook (set-up, not a bar).
  beforeAll(async () => {
    [cached, streamed] = await Promise.all([startHandler(), startHandler({ RENDER_CACHE: "off" })]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([cached?.close(), streamed?.close()]);
  });
  return { cached: startedLater(() => cached), streamed: startedLater(() => streamed) };
}

/** A kept page is sent whole with its length; a streamed render is chunked. */
export const isFromCache = (headers: Record<string, unknown>) =>
  headers["content-length"] !== undefined && headers["transfer-encoding"] === undefined;
