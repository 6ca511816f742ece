import { connect, createServer } from "node:net";
import type { AddressInfo } from "node:net";

/** A port nobody listens on right now (the kernel picks it; we release it at once). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * True when something on 127.0.0.1 accepts a connection on the port, and with `hello` answers
 * its request (e.g. Redis's PING) with the expected start: how the harness and the dev loop know
 * a server they started is up.
 */
export function answers(port: number, hello?: { send: string; expect: string }): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => (hello ? socket.write(hello.send) : done(true)));
    socket.on("data", (data) => done(data.toString().startsWith(hello?.expect ?? "")));
  });
}
