import express, { Router } from "express";
import type { Store } from "express-rate-limit";
import type { Logger } from "pino";
import { requestLogger } from "./logger.ts";
import * as z from "zod";
import { isCrossSite, rateLimiter } from "./requestGuards.ts";
import { classifyUrl, NOT_A_PAGE } from "./pageUrl.ts";
import { deviceClass, type Metrics } from "./metrics.ts";

/** What client/vitals.ts sends: the metrics of one page view that were final when it sent. */
export const vitalsPayload = z.strictObject({
  path: z.string().startsWith("/").max(512),
  metrics: z
    .array(
      z.strictObject({
        name: z.enum(["LCP", "CLS", "INP", "FCP", "TTFB"]),
        value: z.number().finite().min(0).max(3_600_000),
        delta: z.number().finite().min(-3_600_000).max(3_600_000).optional(),
        rating: z.enum(["good", "needs-improvement", "poor"]),
        id: z.string().regex(/^[\w.-]{1,100}$/),
        navigationType: z
          .enum(["navigate", "reload", "back-forward", "back-forward-cache", "prerender", "restore", "soft-navigation"])
          .optional(),
      }),
    )
    .min(1)
    .max(10),
});

export interface VitalsOptions {
  logger: Logger;
  /** The site's public URL (SITE_URL): beacons posted from another origin are refused. */
  siteUrl: string;
  /** Beacons per client (IP) per minute; a page view sends one or two, offices share an IP. */
  limit?: number;
  /** The shared count (Redis) when several replicas serve the site; unset = this process only. */
  store?: Store | undefined;
  /** Real-user histograms by route and device class (server/metrics.ts). */
  metrics?: Pick<Metrics, "observeVital"> | undefined;
}

/**
 * POST /api/vitals: field data from real visitors, one log line per beacon holding all its
 * metrics (`vitals`, in the order sent; the log pipeline aggregates). sendBeacon posts a
 * string, so text/plain is accepted beside JSON.
 *
 * Only beacons from the site's own pages count: another site's page could otherwise have its
 * visitors' browsers post made-up figures into our histograms. The rule is the contact form's
 * (isCrossSite): `Sec-Fetch-Site: cross-site`, or an Origin that is neither SITE_URL's nor the
 * request's own, is refused with 403, before the rate limit counts it and before the body is read.
 * A beacon without Origin is let through, as a contact post is: the Fetch standard has browsers
 * send Origin with every POST (Chromium 156's sendBeacon and keepalive fetch from our page both
 * send it, with `Sec-Fetch-Site: same-origin`; our Referrer-Policy keeps it for same-origin
 * requests), so one without it is no visitor's browser on another site. What sends it is a
 * script, which could as well send our Origin: refusing it would stop nothing, and the rate
 * limit and the schema bound what it can do.
 */
export function vitalsRoutes({ logger, siteUrl, limit = 120, store, metrics: histograms }: VitalsOptions): Router {
  const router = Router();
  const siteOrigin = new URL(siteUrl).origin;
  router.post(
    "/api/vitals",
    (req, res, next) => (isCrossSite(req, siteOrigin) ? void res.status(403).json({ error: "Forbidden" }) : next()),
    rateLimiter("vitals", { windowMs: 60_000, limit, store, logger }, (_req, res) => {
      res.status(429).json({ error: "Too many requests" });
    }),
    // sendBeacon posts a string: text/plain is read as JSON too (malformed: 400, server/app.ts).
    express.json({ type: ["application/json", "text/plain"], limit: "4kb" }),
    (req, res) => {
      if (req.body === undefined) return void res.status(415).json({ error: "Send JSON" });
      const parsed = vitalsPayload.safeParse(req.body);
      if (!parsed.success) return void res.status(400).json({ error: "Bad request" });
      const { metrics } = parsed.data;
      // The page, by the route table: a canonical path as sent, any other spelling as its route,
      // anything else one bucket. A forged beacon cannot put free text in the log or the metrics.
      const page = classifyUrl(parsed.data.path);
      const path =
        page.kind === "page" ? page.route.path : page.kind === "redirect" ? page.location.split("?")[0]! : NOT_A_PAGE;
      const device = deviceClass(req.get("user-agent"));
      for (const metric of metrics) histograms?.observeVital(metric.name, metric.value, path, device);
      // `metric`, not `name`: the logger redacts every `*.name` (contact form personal data).
      const vitals = { path, metrics: metrics.map(({ name, ...rest }) => ({ metric: name, ...rest })) };
      // The request's access-log line (written through its own logger when the 204 is done,
      // server/accessLog.ts) carries the metrics: one line per beacon.
      requestLogger(req, logger).setBindings({ vitals });
      res.status(204).end();
    },
  );
  return router;
}
