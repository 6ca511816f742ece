import { connect, createServer } from "node:net";

/**
 * A port nobody listens on right now, below the kernel's ephemeral range (32768 and up): a port
 * the kernel hands out for bind(0) is one it may also give an outgoing connection (Chromium's,
 * beside the resilience files) before our server binds it, which a CI run met as EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const probe = createServer();
    const bound = await new Promise<boolean>((resolve) => {
      probe.once("error", () => resolve(false)).listen(port, "127.0.0.1", () => resolve(true));
    });
    if (bound) return new Promise((resolve) => probe.close(() => resolve(port)));
  }
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
