import type { Server } from "node:http";
import { createHandler, type SiteDeps } from "../../server/handler.ts";
import { testConfig } from "./config.ts";
import { listen } from "./listen.ts";

export interface RunningServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Starts what main.ts serves (server/handler.ts) on 127.0.0.1 with a free port, not warmed:
 * each page renders on its first request and is kept from then on.
 */
export async function startServer(
  env: Record<string, string> = {},
  deps: Partial<SiteDeps> = {},
): Promise<RunningServer> {
  return listen(createHandler(testConfig(env), deps));
}
