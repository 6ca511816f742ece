import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";
import { SCHEME_SCRIPT } from "../client/colorScheme.ts";

/** The CSP source of the one inline script, the colour scheme's (docs/decisions/020). */
export const SCHEME_SCRIPT_SOURCE = `'sha256-${createHash("sha256").update(SCHEME_SCRIPT).digest("base64")}'`;

/**
 * Security headers. Scripts and styles come only from our origin: pages carry one inline script,
 * the same on every page (the colour scheme's, client/colorScheme.ts; hydration data is JSON, not
 * executed), and their inline styles, each allowed by its hash, so no nonces are needed and pages
 * stay cacheable (docs/decisions/001-no-csp-nonces.md, 020). Everything starts from `default-src 'none'`
 * and each kind of resource the site loads is allowed back by name (Mozilla Observatory A+).
 */
const securityHeaders = (inlineStyleSources: readonly string[]) =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'none'"],
        "script-src": ["'self'", SCHEME_SCRIPT_SOURCE],
        // The build inlines the stylesheet into each page; only that exact text is allowed
        // (its hash), never 'unsafe-inline'.
        "style-src": ["'self'", ...inlineStyleSources],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "manifest-src": ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 63072000, includeSubDomains: true, preload: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
    // Headers for browsers no one runs any more (IE8's download prompt, Flash and Acrobat
    // policy files, the XSS auditor Chrome removed in 2019) and one that only slows link
    // prefetching: each is ~30 bytes on every response, and a page must fit its first round
    // trip (test/server/first-round-trip.test.ts).
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xDnsPrefetchControl: false,
  });

/**
 * The security headers of every response, as a list: the page writer puts them in its one
 * writeHead and server/handler.ts sets them on everything Express answers; a page's own set
 * (server/assets.ts) also allows its inline rules by their CSP sources. Recorded by running
 * helmet once per set (its output is static: no nonces), so helmet's configuration above stays
 * the one source; test/server/security-headers.test.ts checks every kind of answer carries it.
 */
export function securityHeaderSet(inlineStyleSources: readonly string[] = []): Array<[string, string]> {
  const headers = new Map<string, [string, string]>();
  const recorder = {
    setHeader: (name: string, value: string | readonly string[]) =>
      headers.set(name.toLowerCase(), [name, Array.isArray(value) ? value.join(", ") : String(value)]),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  securityHeaders(inlineStyleSources)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  recorder.setHeader("Permissions-Policy", permissionsPolicy);
  return [...headers.values()];
}

/**
 * The site uses none of these browser features, so no page (or anything injected into one) may.
 * Only features Chromium knows: an unknown name is logged as a console error on every page.
 */
const permissionsPolicy =
  "accelerometer=(), autoplay=(), browsing-topics=(), camera=(), display-capture=(), " +
  "encrypted-media=(), fullscreen=(), geolocation=(), gyroscope=(), hid=(), idle-detection=(), " +
  "magnetometer=(), microphone=(), midi=(), payment=(), picture-in-picture=(), " +
  "publickey-credentials-get=(), screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()";

/** The set of every answer without a page's own (redirects, 304, 503, files, the API...), flat: name, value... */
export const baseSecurityHeaders: readonly string[] = securityHeaderSet().flat();
