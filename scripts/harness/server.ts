import type { Server } from "node:http";
import { createApp, type AppDeps } from "../../server/app.ts";
import { testConfig } from "./config.ts";
import { listen } from "./listen.ts";

export interface RunningServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Starts the app on 127.0.0.1 with a free port. */
export async function startServer(
  env: Record<string, string> = {},
  deps: Partial<AppDeps> = {},
): Promise<RunningServer> {
  return listen(createApp(testConfig(env), deps));
}
