import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startProductionServer, type ProductionServer } from "../../scripts/harness/productionServer.ts";
import { startUpstream, type FakeUpstream } from "../../scripts/harness/contactUpstream.ts";
import { contactEndpoint } from "../../shared/contactMessages.ts";

// Optional tracing (server/tracing.ts) on the production build: a real OTLP/HTTP receiver
// started here gets the spans the SDK exports, as a collector would.

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  links?: Array<{ traceId: string; spanId: string }>;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
}
interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans: Array<{ spans: OtlpSpan[] }>;
  }>;
}

const SERVER = 2;
const CLIENT = 3;
const valid = {
  name: "Trace Visitor",
  email: "trace@example.org",
  phone: "447700900123",
  subject: "Tracing",
  message: "A message that should leave no trace in any span.",
};

/** A stand-in OTLP/HTTP collector: records each export's JSON body. */
async function startCollector() {
  const exports: OtlpExport[] = [];
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      paths.push(req.url ?? "");
      exports.push(JSON.parse(body) as OtlpExport);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    exports,
    bodies: () => JSON.stringify(exports),
    spans: () => exports.flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const attribute = (span: OtlpSpan, key: string) => span.attributes.find((a) => a.key === key)?.value;

describe("with OTEL_EXPORTER_OTLP_ENDPOINT set", () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let upstream: FakeUpstream;
  let server: ProductionServer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "tracing-"));
    collector = await startCollector();
    upstream = await startUpstream(200);
    server = await startProductionServer({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      // The batch processor's delay (5 s by default): spans reach the receiver within a poll.
      OTEL_BSP_SCHEDULE_DELAY: "100",
      CONTACT_UPSTREAM_URL: upstream.url,
      CONTACT_QUEUE_FILE: join(dir, "queue.sqlite"),
      METRICS_PORT: "0",
      POD_NAME: "site-trace-0",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await upstream?.close();
    await collector?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("exports a server span per request, in a trace of its own linked to the caller's", async () => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const callerSpan = "00f067aa0ba902b7";
    const res = await fetch(`${server.url}/Category?utm_source=mail`, {
      headers: { traceparent: `00-${traceId}-${callerSpan}-01` },
    });
    expect(res.status).toBe(200);
    // A client picks no trace of ours: the span is a root, and the caller's span only a link.
    const linked = () => collector.spans().find((s) => s.links?.some((l) => l.spanId === callerSpan));
    await expect.poll(linked).toMatchObject({ name: "GET /Category", kind: SERVER });
    const span = linked()!;
    expect(span.traceId).not.toBe(traceId);
    expect(span.parentSpanId ?? "").toBe("");
    expect(span.links).toEqual([expect.objectContaining({ traceId, spanId: callerSpan })]);
    expect(attribute(span, "http.response.status_code")).toEqual({ intValue: 200 });
    expect(collector.paths.every((p) => p === "/v1/traces")).toBe(true);
    // Who sent it: the service, its version and the pod.
    const resource = Object.fromEntries(
      collector.exports[0]!.resourceSpans[0]!.resource.attributes.map((a) => [a.key, a.value.stringValue]),
    );
    expect(resource).toMatchObject({ "service.name": "agentverse-site", "k8s.pod.name": "site-trace-0" });
    expect(resource["service.version"]).toMatch(/\S/);
  });

  it("a page render is a span of its own, under the request it is rendered for; the kept pages are the build's", async () => {
    // Nothing rendered at start-up, nor for the pages served so far.
    expect(collector.spans().filter((s) => s.name === "render")).toEqual([]);
    // A form post without JavaScript and with errors is rendered for that request: its child.
    const res = await fetch(server.url + "/Contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({ ...valid, email: "not-an-email" }).toString(),
    });
    expect(res.status).toBe(400);
    await expect
      .poll(() =>
        collector
          .spans()
          .find((s) => s.name === "POST /Contact" && attribute(s, "http.response.status_code")?.intValue === 400),
      )
      .toBeDefined();
    const post = collector
      .spans()
      .find((s) => s.name === "POST /Contact" && attribute(s, "http.response.status_code")?.intValue === 400)!;
    await expect
      .poll(() => collector.spans().find((s) => s.name === "render" && s.parentSpanId === post.spanId))
      .toMatchObject({ traceId: post.traceId });
  });

  it("the provider call is a client span under the request, and the provider gets its traceparent", async () => {
    const res = await fetch(server.url + contactEndpoint, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify(valid),
    });
    expect(res.status).toBe(200);
    const sent = upstream.received.at(-1)!;
    const [, traceId, parentId] = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/.exec(String(sent.headers.traceparent))!;
    await expect
      .poll(() => collector.spans().find((s) => s.spanId === parentId))
      .toMatchObject({ name: "contact provider POST", kind: CLIENT, traceId });
    const call = collector.spans().find((s) => s.spanId === parentId)!;
    expect(attribute(call, "http.response.status_code")).toEqual({ intValue: 200 });
    await expect
      .poll(() => collector.spans().find((s) => s.spanId === call.parentSpanId))
      .toMatchObject({ name: `POST ${contactEndpoint}`, kind: SERVER, traceId });
  });

  it("the provider gets our trace context only: never a client's traceparent, tracestate or baggage", async () => {
    const clientTrace = "0af7651916cd43dd8448eb211c80319c";
    const clientSpan = "b7ad6b7169203331";
    const res = await fetch(server.url + contactEndpoint, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: server.url,
        traceparent: `00-${clientTrace}-${clientSpan}-01`,
        tracestate: "vendor=client-picked",
        baggage: "user.id=visitor-42,session=secret-token",
      },
      body: JSON.stringify(valid),
    });
    expect(res.status).toBe(200);
    const sent = upstream.received.at(-1)!;
    expect(sent.headers.baggage).toBeUndefined();
    expect(sent.headers.tracestate).toBeUndefined();
    expect(JSON.stringify(sent.headers)).not.toMatch(/visitor-42|secret-token|client-picked|b7ad6b7169203331/);
    const [, traceId, parentId] = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/.exec(String(sent.headers.traceparent))!;
    expect(traceId).not.toBe(clientTrace);
    // The traceparent is ours: our client span, under our request span, which links the client's.
    await expect
      .poll(() => collector.spans().find((s) => s.spanId === parentId))
      .toMatchObject({ name: "contact provider POST", kind: CLIENT, traceId });
    const call = collector.spans().find((s) => s.spanId === parentId)!;
    await expect
      .poll(() => collector.spans().find((s) => s.spanId === call.parentSpanId))
      .toMatchObject({
        name: `POST ${contactEndpoint}`,
        kind: SERVER,
        traceId,
        links: [expect.objectContaining({ traceId: clientTrace, spanId: clientSpan })],
      });
    expect(collector.bodies()).not.toMatch(/visitor-42|secret-token|client-picked/);
  });

  it("a malformed traceparent is neither parent nor link", async () => {
    const res = await fetch(`${server.url}/service`, { headers: { traceparent: "00-zz-not-a-trace-01" } });
    expect(res.status).toBe(200);
    await expect.poll(() => collector.spans().find((s) => s.name === "GET /service")).toBeDefined();
    const span = collector.spans().find((s) => s.name === "GET /service")!;
    expect(span.parentSpanId ?? "").toBe("");
    expect(span.links ?? []).toEqual([]);
  });

  it("no span holds a query value or anything the visitor typed", () => {
    const bodies = collector.bodies();
    expect(bodies).not.toContain("utm_source=mail");
    for (const value of Object.values(valid)) expect(bodies).not.toContain(value);
    expect(bodies).not.toContain("not-an-email");
  });
});

describe("without OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  it("loads no SDK: the provider gets no traceparent", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tracing-off-"));
    const upstream = await startUpstream(200);
    const server = await startProductionServer({
      CONTACT_UPSTREAM_URL: upstream.url,
      CONTACT_QUEUE_FILE: join(dir, "queue.sqlite"),
      METRICS_PORT: "0",
    });
    try {
      const res = await fetch(server.url + contactEndpoint, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify(valid),
      });
      expect(res.status).toBe(200);
      expect(upstream.received).toHaveLength(1);
      expect(upstream.received[0]!.headers.traceparent).toBeUndefined();
    } finally {
      await server.stop();
      await upstream.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
