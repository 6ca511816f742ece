import { describe, expect, it } from "vitest";
import request from "supertest";
import fc from "fast-check";
import { connect } from "node:net";
import { classifyUrl } from "../../server/pageUrl.ts";
import { siteRoutes } from "../../shared/site.ts";
import { get } from "../../scripts/harness/handlerServer.ts";
import { keptAndStreamed } from "../helpers/keptAndStreamed.ts";

// Every spelling of a page URL, through what main.ts serves (server/handler.ts): the front
// door answers every GET/HEAD of a page path, kept or (RENDER_CACHE=off) streamed.

const { cached: handler, streamed: streamedServer } = keptAndStreamed();

const routePaths = new Set(siteRoutes.map((r) => r.path));

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request as bytes on a socket: any request target, any Host, nothing normalised. */
function rawRequest(base: string, target: string, host: string | undefined, method = "GET"): Promise<RawAnswer> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${target}`)));
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      const [statusLine, ...lines] = text.slice(0, end).split("\r\n");
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine?.split(" ")[1]), headers, body: text.slice(end + 4) });
    });
    socket.write(
      `${method} ${target} HTTP/1.1\r\n${host === undefined ? "" : `Host: ${host}\r\n`}Connection: close\r\n\r\n`,
      "latin1",
    );
  });
}

/** The handler, kept pages or every page streamed: the same answers but for framing. */
const both = () =>
  [
    ["kept", handler.url],
    ["streamed", streamedServer.url],
  ] as const;

describe("canonical URLs", () => {
  const redirects: Array<[string, string]> = [
    ["/main/", "/main"],
    ["/Contact/", "/Contact"],
    ["/contact", "/Contact"],
    ["/CATEGORY?utm_source=x", "/Category?utm_source=x"],
    ["//main", "/main"],
    ["///main", "/main"],
    ["//Contact", "/Contact"],
    ["//", "/"],
    ["///", "/"],
    ["//?x=1", "/?x=1"],
    ["/main//", "/main"],
    ["/%4Dain", "/main"],
    ["/TermsCondition/?a=1&b=%zz", "/TermsCondition?a=1&b=%zz"],
  ];

  it.each(redirects)("%s redirects permanently to %s, the query kept", async (from, to) => {
    for (const [name, base] of both()) {
      const res = await rawRequest(base, from, "localhost");
      expect(res.status, `${name} ${from}`).toBe(301);
      expect(res.headers.location, `${name} ${from}`).toBe(to);
      expect(res.headers["x-request-id"], name).toBeDefined();
      expect(res.headers["content-security-policy"], name).toBeDefined();
    }
  });

  it("answers a path that is no page with the kept not-found page, never another page", async () => {
    for (const path of [
      "/nope",
      "/main/extra",
      "/main%2F",
      "/%2Fmain",
      "/main%00",
      "/a/../main",
      "/./main",
      "/mainx",
      "/ma%69n/x",
    ]) {
      for (const [name, base] of both()) {
        const res = await rawRequest(base, path, "localhost");
        expect(res.status, `${name} ${path}`).toBe(404);
        expect(res.body, `${name} ${path}`).toContain("<h1>Page not found</h1>");
      }
    }
  });

  it("answers a malformed percent escape with the site's own 400 page, never bare text", async () => {
    for (const path of ["/%", "/%zz", "/%C3", "/main%", "//%"]) {
      for (const [name, base] of both()) {
        const res = await rawRequest(base, path, "localhost");
        expect(res.status, `${name} ${path}`).toBe(400);
        expect(res.headers["content-type"], `${name} ${path}`).toBe("text/html; charset=utf-8");
        expect(res.headers["cache-control"], `${name} ${path}`).toBe("no-store");
        expect(res.body, `${name} ${path}`).toContain("</html>");
        expect(res.headers["content-security-policy"], name).toBeDefined();
      }
    }
  });

  it("answers every page URL the same with any Host header, malformed ones included", async () => {
    const reference = await get(handler.url, "/main?x=1");
    for (const host of ["bad host", "a:b:c", "[::1", "%", "", "évil", "localhost:99999", "a/b", "[::1]:80"]) {
      for (const path of ["/main?x=1", "//main", "/nope?x=1", "/"]) {
        for (const [name, base] of both()) {
          const res = await rawRequest(base, path, host);
          expect(res.status, `${name} ${path} Host: ${host}`).toBeLessThan(500);
          if (path === "/main?x=1") expect(res.headers.etag, `${name} Host: ${host}`).toBe(reference.headers.etag);
        }
      }
    }
    // No Host at all is a malformed HTTP/1.1 request: node answers 400.
    expect((await rawRequest(handler.url, "/main", undefined)).status).toBe(400);
  });
});

describe("queries", () => {
  it("answers campaign URLs with the bare page's bytes and validator", async () => {
    for (const path of ["/", "/main", "/Category", "/Contact"]) {
      for (const [name, base] of [["kept", handler.url]] as const) {
        const bare = await get(base, path, { "Accept-Encoding": "br" });
        for (const query of [
          "?utm_source=newsletter&utm_medium=email&utm_campaign=x",
          "?fbclid=IwAR0abc",
          "?gclid=Cj0K",
          "?anything=else",
        ]) {
          const res = await get(base, `${path}${query}`, { "Accept-Encoding": "br" });
          expect(res.status, `${name} ${path}${query}`).toBe(200);
          expect(res.headers.etag, `${name} ${path}${query}`).toBe(bare.headers.etag);
          expect(res.raw.equals(bare.raw), `${name} ${path}${query}`).toBe(true);
          expect(res.headers["transfer-encoding"], `${name} ${path}${query}`).toBeUndefined();
        }
      }
    }
  });

  it("the 304 of a campaign URL is the bare page's", async () => {
    const bare = await get(handler.url, "/service");
    const res = await get(handler.url, "/service?utm_source=x", { "If-None-Match": bare.headers.etag! });
    expect(res.status).toBe(304);
  });
});

describe("one writer", () => {
  it("HEAD has GET's headers, Content-Encoding included, kept or streamed", async () => {
    for (const target of [handler.url, streamedServer.url]) {
      for (const path of ["/Category", "/nope", "/Contact?sent=1"]) {
        const full = await request(target).get(path).set("Accept-Encoding", "gzip");
        const head = await request(target).head(path).set("Accept-Encoding", "gzip");
        expect(head.status, path).toBe(full.status);
        expect(head.headers["content-encoding"], path).toBe("gzip");
        expect(head.headers.etag, path).toBe(full.headers.etag);
        expect(head.headers["cache-control"], path).toBe(full.headers["cache-control"]);
      }
    }
  });

  it("answers a 304 without a Content-Security-Policy: the page the browser kept keeps its own", async () => {
    // A browser merges a 304's headers into its kept copy: a CSP without the page's style hash
    // would block the page's inline rules on every revisit.
    for (const target of [handler.url, streamedServer.url]) {
      const page = await request(target).get("/service");
      expect(page.headers["content-security-policy"]).toMatch(/style-src 'self' 'sha256-/);
      const revisit = await request(target).get("/service").set("If-None-Match", page.headers.etag!);
      expect(revisit.status).toBe(304);
      expect(revisit.headers["content-security-policy"]).toBeUndefined();
      expect(revisit.headers.etag).toBe(page.headers.etag);
    }
  });

  it("answers If-None-Match: * with 304 for a page, not for the not-found page", async () => {
    for (const [name, base] of both()) {
      expect((await get(base, "/main", { "If-None-Match": "*" })).status, name).toBe(304);
      expect((await get(base, "/nope", { "If-None-Match": "*" })).status, name).toBe(404);
    }
  });

  it("writes the contact form's no-JS error page (rendered from the posted body) with the same headers, never kept", async () => {
    const res = await request(handler.url)
      .post("/Contact")
      .type("form")
      .send({ name: "", email: "nope", phone: "1", subject: "", message: "" });
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers.etag).toBeUndefined();
    // Express's answer, written by the page writer: one CSP, the page's own (its style's hash).
    expect(res.headers["content-security-policy"]).toMatch(/style-src 'self' 'sha256-[^;]+;/);
    expect(res.headers["content-security-policy"]).not.toMatch(/default-src.*default-src/);
    expect(res.text).toContain(">Contact Us</h1>");
    expect(res.text).toContain("Invalid email format.");
  });
});

/** Path pieces a scanner, a crawler or a typo would send (unicode as a browser sends it: escaped). */
const segment = fc.oneof(
  fc.constantFrom(
    ...siteRoutes.map((r) => r.path.slice(1)),
    "",
    ".",
    "..",
    "%",
    "%2F",
    "%2e",
    "%zz",
    "%C3",
    "%00",
    "%4D",
    "index.html",
    "x.js",
    "assets",
    "api",
    "healthz",
  ),
  fc.string({ maxLength: 8 }).map((s) => encodeURIComponent(s)),
  fc.string({ unit: "grapheme", maxLength: 4 }).map((s) => encodeURIComponent(s)),
  fc.constantFrom("MAIN", "Main", "category", "CONTACT", "privacypolicy", "recentarticles"),
);
const target = fc
  .tuple(
    fc.array(segment, { maxLength: 5 }),
    fc.constantFrom("", "/", "//"),
    fc.constantFrom("", "?", "?utm_source=x", "?sent=1", "?a=%zz&b", "?fbclid=1&gclid=2"),
  )
  .map(([segments, end, query]) => `/${segments.join("/")}${end}${query}`);
const host = fc.oneof(
  fc.constantFrom("localhost", "bad host", "a:b:c", "[::1", "%", "", "[::1]:1", "example.com:0", "x".repeat(300)),
  fc.string({ maxLength: 20 }).filter((s) => !/[\r\n]/.test(s)),
);

describe("any URL, any Host (property)", () => {
  it("answers < 500, and in HTML only a page, a redirect to a canonical page, or the not-found page", async () => {
    const base = handler.url;
    await fc.assert(
      fc.asyncProperty(target, host, async (path, hostHeader) => {
        const res = await rawRequest(base, path, hostHeader);
        expect(res.status, `${path} Host: ${JSON.stringify(hostHeader)}`).toBeLessThan(500);
        // Node itself refuses a Host with bytes HTTP forbids: nothing of ours answered.
        if (res.status === 400 && res.headers["x-request-id"] === undefined) return;
        const rawPath = path.split("?")[0]!;
        const query = path.includes("?") ? path.slice(path.indexOf("?")) : "";
        // Express's own answers (health's JSON, a plain 404 for a missing file) are no page's.
        if (res.status !== 301 && !res.headers["content-type"]?.startsWith("text/html")) return;
        switch (res.status) {
          case 200:
            expect(routePaths.has(rawPath), path).toBe(true);
            expect(res.body).toContain(`<link rel="canonical" href="http://localhost:3000${rawPath}"/>`);
            break;
          case 301:
            expect(routePaths.has(res.headers.location!.split("?")[0]!), path).toBe(true);
            expect(res.headers.location, path).toBe(
              `${res.headers.location!.split("?")[0]}${query === "?" ? "" : query}`,
            );
            break;
          case 404:
            expect(res.body, path).toContain("<h1>Page not found</h1>");
            break;
          case 400:
            expect(classifyUrl(path).kind, path).toBe("badRequest");
            expect(res.headers["content-type"], path).toBe("text/html; charset=utf-8");
            break;
          default:
            expect.fail(`${path}: unexpected ${res.status}`);
        }
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
