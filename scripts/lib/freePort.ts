import { createServer } from "node:net";
import type { AddressInfo } from "node:net";

/** A port nobody listens on right now (the kernel picks it; we release it at once). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
