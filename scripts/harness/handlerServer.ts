import { createHandler, type SiteDeps, type SiteHandler } from "../../server/handler.ts";
import { testConfig } from "./config.ts";
import { listen, type Listening } from "./listen.ts";

// The raw request lives in its own module; tests import it from here too.
export { get, type RawResponse } from "./rawRequest.ts";

export type HandlerServer = Omit<Listening, "server"> & { handler: SiteHandler };

/** What main.ts serves (server/handler.ts), warmed, on 127.0.0.1 with a free port. */
export async function startHandler(env: Record<string, string> = {}): Promise<HandlerServer> {
  const handler = createHandler(testConfig(env));
  await handler.warmUp();
  // Kept bodies are recompressed in the background after warm-up: tests compare bytes.
  await handler.renderCache?.settled();
  const { url, close } = await listen(handler);
  return { url, handler, close };
}

export type RunningServer = Listening;

/**
 * The same, not warmed (each page renders on its first request and is kept from then on), with
 * the dependencies a test replaces.
 */
export async function startServer(
  env: Record<string, string> = {},
  deps: Partial<SiteDeps> = {},
): Promise<RunningServer> {
  return listen(createHandler(testConfig(env), deps));
}
