import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from "web-vitals";

/** Where field metrics go (server/vitals.ts). */
export const VITALS_URL = "/api/vitals";
/** The server takes at most this many metrics per beacon. */
const MAX_PER_BEACON = 10;

export interface VitalsSample {
  name: Metric["name"];
  value: number;
  delta: number;
  rating: Metric["rating"];
  id: string;
  navigationType: Metric["navigationType"];
}

/** The body of one beacon: what the server's zod schema accepts. */
export function vitalsBody(path: string, metrics: VitalsSample[]): string {
  return JSON.stringify({
    path,
    metrics: metrics.map(({ name, value, delta, rating, id, navigationType }) => ({
      name,
      // CLS is a small fraction; the others are milliseconds: 4 decimals keep both exact enough.
      value: Math.round(value * 10_000) / 10_000,
      delta: Math.round(delta * 10_000) / 10_000,
      rating,
      id,
      navigationType,
    })),
  });
}

/**
 * Collects LCP, CLS, INP, FCP and TTFB of this page view and sends what is final when the page
 * is hidden (the last moment a browser reliably runs script), with sendBeacon so the request
 * survives the page. Loaded after idle by the client entry; web-vitals' observers are buffered,
 * so starting late loses nothing.
 */
export function startVitals(): void {
  const path = window.location.pathname;
  const pending = new Map<string, VitalsSample>();
  const queue = (metric: Metric) => pending.set(metric.id, metric);

  const flush = () => {
    if (pending.size === 0) return;
    const metrics = [...pending.values()];
    pending.clear();
    for (let i = 0; i < metrics.length; i += MAX_PER_BEACON) {
      const body = vitalsBody(path, metrics.slice(i, i + MAX_PER_BEACON));
      // A string body goes as text/plain: no CORS preflight, and the server accepts it.
      if (!navigator.sendBeacon?.(VITALS_URL, body)) {
        void fetch(VITALS_URL, {
          method: "POST",
          body,
          keepalive: true,
          headers: { "Content-Type": "text/plain" },
        }).catch(() => {});
      }
    }
  };

  onTTFB(queue);
  onFCP(queue);
  onLCP(queue);
  onCLS(queue);
  onINP(queue);
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  addEventListener("pagehide", flush);
}
