import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createApp, type AppDeps } from "../../server/app.ts";
import { testConfig } from "./config.ts";

export interface RunningServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Starts the app on 127.0.0.1 with a free port. */
export async function startServer(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}): Promise<RunningServer> {
  const app = createApp(testConfig(env), deps);
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
