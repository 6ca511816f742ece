import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Listening {
  url: string;
  server: Server;
  /** Closes the server and every connection still open (keep-alive ones included). */
  close: () => Promise<void>;
}

/** Serves a request listener (an Express app, the site's handler) on 127.0.0.1 at a free port. */
export async function listen(listener: RequestListener): Promise<Listening> {
  const server = createServer(listener);
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
