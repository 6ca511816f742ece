import type { IncomingMessage, ServerResponse } from "node:http";
import { permissionsPolicy, securityHeaders } from "./security.ts";

/**
 * The security headers of every response, as a list: the page writer puts them in its one
 * writeHead (with the page's own style hash in the CSP) and server/handler.ts sets them on
 * everything Express answers. Recorded by running helmet once (its output is static: no
 * nonces), so helmet's configuration (server/security.ts) stays the one source;
 * test/server/security-headers.test.ts checks every kind of answer carries the same set.
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
