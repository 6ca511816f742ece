import type { IncomingMessage, ServerResponse } from "node:http";
import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import { routeLabel } from "./pageUrl.ts";

/**
 * Optional OpenTelemetry tracing. The code below always speaks to `@opentelemetry/api`, which
 * does nothing (no allocation worth the name) until an SDK registers a tracer provider;
 * `startTracing` loads and registers `@opentelemetry/sdk-trace` only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, so a site without a collector runs none of it.
 * Three kinds of span: the incoming request (server), a page render, the provider call (client).
 * None carries personal data: routes, statuses and page paths only, never a query or a field.
 */
const tracer = trace.getTracer("agentverse-site");

/**
 * Registers the trace SDK alone (no metrics, logs or instrumentation packages) with an
 * OTLP/HTTP exporter to `endpoint` (the collector's base URL), the async-hooks context manager
 * that carries a span across awaits, and W3C trace context only: no baggage propagator, so
 * baggage never goes out. OTEL_BSP_SCHEDULE_DELAY sets the batch interval, as it did with
 * sdk-node. No auto-instrumentation: patching node:http would put a span on every kept page
 * the fast path writes in microseconds.
 */
export async function startTracing(endpoint: string, build: { version: string; commit: string }, pod: string) {
  const [sdk, { OTLPTraceExporter }, { resourceFromAttributes }, { AsyncLocalStorageContextManager }, core] =
    await Promise.all([
      import("@opentelemetry/sdk-trace"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
      import("@opentelemetry/context-async-hooks"),
      import("@opentelemetry/core"),
    ]);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new core.W3CTraceContextPropagator());
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, "")}/v1/traces` });
  const delay = Number(process.env.OTEL_BSP_SCHEDULE_DELAY);
  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({
      "service.name": process.env.OTEL_SERVICE_NAME ?? "agentverse-site",
      "service.version": build.version,
      "k8s.pod.name": pod,
      "vcs.ref.head.revision": build.commit,
    }),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter, ...(delay > 0 ? { scheduledDelayMillis: delay } : {}) })],
  });
  trace.setGlobalTracerProvider(provider);
  /** Sends the spans still held and stops the exporter. */
  return { shutdown: () => provider.shutdown() };
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The handler with a server span around each request. Every request starts a trace of our own:
 * anyone can send a `traceparent`, so a caller's is never the parent of our spans (a client would
 * choose our trace id, and its sampled flag and `tracestate` would ride along to the provider),
 * only a link from the request's span, with the ids alone (`tracestate` is its vendors' free
 * text, not ours to export). Its `baggage` is dropped, since the request's context starts empty.
 * Applied by main.ts only when tracing is on.
 */
export function withRequestSpans(handler: Handler): Handler {
  return (req, res) => {
    const caller = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, req.headers));
    const link = caller && isSpanContextValid(caller) && { ...caller, traceState: undefined, isRemote: true };
    const method = req.method ?? "GET";
    const route = routeLabel(req.url ?? "/", method);
    const span = tracer.startSpan(
      `${method} ${route}`,
      {
        kind: SpanKind.SERVER,
        root: true,
        attributes: { "http.request.method": method, "http.route": route },
        ...(link ? { links: [{ context: link }] } : {}),
      },
      ROOT_CONTEXT,
    );
    res.once("close", () => {
      span.setAttribute("http.response.status_code", res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      if (!res.writableFinished) span.setAttribute("http.response.aborted", true);
      span.end();
    });
    context.with(trace.setSpan(ROOT_CONTEXT, span), () => handler(req, res));
  };
}

/** A span for the render of one page; the function it returns ends it, failed when given an error. */
export function renderSpan(path: string): (error?: unknown) => void {
  const span = tracer.startSpan("render", { attributes: { "page.path": path } });
  return (error) => {
    if (error !== undefined) {
      span.recordException(error instanceof Error ? error : new Error("render failed"));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
}

/**
 * Runs the provider call in a client span, with `traceparent` in the headers it is given so the
 * provider can join the trace. `outcome` names how it ended (its status or why it failed).
 * Only the trace context goes out: baggage is taken off the context first, so whatever a request
 * might have put there (withRequestSpans already drops a client's) never reaches a third party.
 */
export async function inProviderSpan<T>(
  url: string,
  headers: Record<string, string>,
  call: () => Promise<T>,
  outcome: (result: T) => { status?: number; failure?: string },
): Promise<T> {
  const { host } = new URL(url);
  return tracer.startActiveSpan(
    "contact provider POST",
    { kind: SpanKind.CLIENT, attributes: { "http.request.method": "POST", "server.address": host } },
    async (span) => {
      propagation.inject(propagation.deleteBaggage(context.active()), headers);
      try {
        const result = await call();
        const { status, failure } = outcome(result);
        if (status !== undefined) span.setAttribute("http.response.status_code", status);
        if (failure !== undefined) {
          span.setAttribute("error.type", failure);
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        return result;
      } finally {
        span.end();
      }
    },
  );
}
