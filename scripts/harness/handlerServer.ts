import { createHandler, type SiteHandler } from "../../server/handler.ts";
import { testConfig } from "./config.ts";
import { listen } from "./listen.ts";

// The raw request lives in its own module; tests import it from here too.
export { get, type RawResponse } from "./rawRequest.ts";

export interface HandlerServer {
  url: string;
  handler: SiteHandler;
  close(): Promise<void>;
}

/** What main.ts serves (server/handler.ts), warmed, on 127.0.0.1 with a free port. */
export async function startHandler(env: Record<string, string> = {}, warm = true): Promise<HandlerServer> {
  const handler = createHandler(testConfig(env));
  if (warm) {
    await handler.warmUp();
    // Kept bodies are recompressed in the background after warm-up: tests compare bytes.
    await handler.renderCache?.settled();
  }
  const { url, close } = await listen(handler);
  return { url, handler, close };
}
