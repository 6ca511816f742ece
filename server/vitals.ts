import express, { Router, type Request } from "express";
import { rateLimit } from "express-rate-limit";
import type { Logger } from "pino";
import * as z from "zod";

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
        navigationType: z.enum(["navigate", "reload", "back-forward", "back-forward-cache", "prerender", "restore", "soft-navigation"]).optional(),
      }),
    )
    .min(1)
    .max(10),
});

export type VitalsPayload = z.output<typeof vitalsPayload>;

export interface VitalsOptions {
  logger: Logger;
  /** Beacons per client (IP) per minute; a page view sends one or two, offices share an IP. */
  limit?: number;
}

/**
 * POST /api/vitals: field data from real visitors, one log line per metric (the log pipeline
 * aggregates). sendBeacon posts a string, so text/plain is accepted beside JSON.
 */
export function vitalsRoutes({ logger, limit = 120 }: VitalsOptions): Router {
  const router = Router();
  router.post(
    "/api/vitals",
    rateLimit({ windowMs: 60_000, limit, standardHeaders: "draft-8", legacyHeaders: false, message: { error: "Too many requests" } }),
    express.text({ type: ["application/json", "text/plain"], limit: "4kb" }),
    (req, res) => {
      if (typeof req.body !== "string") {
        res.status(415).json({ error: "Send JSON" });
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(req.body);
      } catch {
        res.status(400).json({ error: "Bad request" });
        return;
      }
      const parsed = vitalsPayload.safeParse(json);
      if (!parsed.success) {
        res.status(400).json({ error: "Bad request" });
        return;
      }
      const log = (req as Request & { log?: Logger }).log ?? logger;
      const { path, metrics } = parsed.data;
      // `metric`, not `name`: the logger redacts every `*.name` (contact form personal data).
      for (const { name, ...rest } of metrics) log.info({ vital: { metric: name, ...rest, path } }, "web vital");
      res.status(204).end();
    },
  );
  return router;
}
