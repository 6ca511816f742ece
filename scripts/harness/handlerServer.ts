import { createHandler, type SiteDeps, type SiteHandler } from "../../server/handler.ts";
import { testConfig } from "./config.ts";
import { listen, type Listening } from "./listen.ts";

// The raw request lives in its own module; tests import it from here too.
export { get, type RawResponse } from "./rawRequest.ts";

export type HandlerServer = Omit<Listening, "server"> & { handler: SiteHandler };

/** What main.ts serves (server/handler.ts), on 127.0.0.1 with a free port. */
export async function startHandler(env: Record<string, string> = {}): Promise<HandlerServer> {
  const handler = createHandler(testConfig(env));
  // Kept bodies at the best levels (settled starts it, as main.ts does): tests compare bytes.
  await handler.renderCache?.settled();
  const { url, close } = await listen(handler);
  return { url, handler, close };
}

export type RunningServer = Listening;

/** The same, with the dependencies a test replaces, as soon as it listens. */
export async function startServer(
  env: Record<string, string> = {},
  deps: Partial<SiteDeps> = {},
): Promise<RunningServer> {
  return listen(createHandler(testConfig(env), deps));
}
