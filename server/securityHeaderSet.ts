import type { IncomingMessage, ServerResponse } from "node:http";
import { permissionsPolicy, securityHeaders } from "./security.ts";

/**
 * The security headers the Express pipeline puts on every response, as a list, for the fast
 * path that answers cached pages before Express. Recorded by running the very middleware the
 * app mounts (helmet's output is static: no nonces), so the two cannot drift apart silently;
 * test/server/cache-headers.test.ts compares whole responses to catch anything added elsewhere.
 */
export function securityHeaderSet(inlineStyleSources: readonly string[] = []): Array<[string, string]> {
  const headers = new Map<string, [string, string]>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [name, Array.isArray(value) ? value.join(", ") : String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader(name: string) {
      return headers.get(name.toLowerCase())?.[1];
    },
  };
  let called = false;
  const request = { method: "GET", url: "/", headers: {} } as IncomingMessage;
  securityHeaders(inlineStyleSources)(request, recorder as unknown as ServerResponse, () => {
    called = true;
  });
  if (!called) throw new Error("The security header middleware did not finish synchronously");
  recorder.setHeader("Permissions-Policy", permissionsPolicy);
  return [...headers.values()];
}
