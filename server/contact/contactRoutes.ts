import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from "express";
import type { Store } from "express-rate-limit";
import type { Level, Logger } from "pino";
import { requestLogger } from "../logger.ts";
import type { Config } from "../config.ts";
import { checkContact, type ContactMessage } from "../../shared/contact.ts";
import {
  contactEndpoint,
  contactValuesOf,
  honeypotField,
  type ContactPageData,
  type ContactValues,
} from "../../shared/contactMessages.ts";
import { routeById } from "../../shared/site.ts";
import type { Metrics } from "../metrics.ts";
import { streamRender, type RenderDeps } from "../render.ts";
import { QueueFullError, messageId, type ContactQueue } from "./queue.ts";
import { deliverySettings, failureReason, isPermanentRefusal, postToUpstream, type ContactJob } from "./delivery.ts";
import { contactBodyLimitBytes, refusalPages, refusals, relayErrors, type Refusal } from "./relayErrors.ts";
import { inFlightPerClient, isCrossSite, minimumBodyRate, rateLimiter } from "../requestGuards.ts";

export interface ContactRouteDeps {
  queue: ContactQueue;
  /** The rate limit's shared count (Redis, server/redis.ts); unset: this process's memory. */
  rateLimitStore?: Store | undefined;
  /** A form post's errors come back as the Contact page, rendered like any page. */
  renderDeps: RenderDeps;
  logger: Logger;
  metrics?: Pick<Metrics, "contactOutcome"> | undefined;
}

/** What a log line says of a post: how it ended, and whatever else the line tells. */
type Outcome = { contactOutcome: string } & Record<string, unknown>;

/** The Contact page's own URL: where the form posts without its script (docs/product.md, the contact form). */
const contactPage = routeById("contact").path;
const JSON_TYPE = "application/json";
const FORM_TYPE = "application/x-www-form-urlencoded";

const mediaType = (req: Request) => req.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
const isFormPost = (req: Request) => mediaType(req) === FORM_TYPE;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const ignore = () => {};
/** An answer that carries what a visitor typed, or an error: never stored anywhere. */
const unstored = (res: Response, status: number) => res.setHeader("Cache-Control", "no-store").status(status);

/**
 * POST /api/Geography/addContactUs takes JSON (the hydrated form, API clients); POST /Contact
 * takes the form as the browser posts it before or without the page's script, and answers with
 * the Contact page itself. Both run one pipeline: declared size, origin, requests in flight
 * per client, rate limit, room in the queue (each refused from the headers alone, at the cost
 * of a kept answer), then the body at a minimum rate, honeypot, schema, delivery.
 */
export function contactRoutes(config: Config, deps: ContactRouteDeps): express.Router {
  const router = express.Router();
  // The provider; unset: every message waits in the queue until one is configured.
  const provider = deliverySettings(config)?.upstream;
  const report = (req: Request, level: Level, fields: Outcome, msg: string) => {
    deps.metrics?.contactOutcome("relay", fields.contactOutcome);
    requestLogger(req, deps.logger)[level](fields, msg);
  };
  /** A JSON error the relay gives, with its outcome counted and logged. */
  const unreadable = (req: Request, res: Response, status: number, error: string, bodyError: unknown) => {
    report(req, "warn", { contactOutcome: "unreadable", bodyError }, "contact message unreadable");
    unstored(res, status).json({ error });
  };

  const kept = refusalPages(deps.renderDeps.manifest.stylesheets, contactPage);
  function refuse(req: Request, res: Response, reason: Refusal, fields: Record<string, unknown> = {}) {
    // Debug only: the access line already says 4xx/503 and the metric counts the reason; a
    // flood of refusals must not cost a second log line each.
    report(req, "debug", { contactOutcome: reason, ...fields }, "contact message refused");
    const refusal = refusals[reason];
    if (refusal.retryAfter) res.setHeader("Retry-After", refusal.retryAfter);
    // The body is never read: the socket closes after the answer instead of draining it.
    if (!req.complete) res.setHeader("Connection", "close");
    unstored(res, refusal.status);
    if (isFormPost(req)) res.type("html").send(kept[reason]);
    else res.json({ error: refusal.json });
  }

  /**
   * How a post ended, said the same way to both callers: JSON for the script and API; for the
   * form, the sent page, or the Contact page with what was typed (`page`) and why it failed,
   * rendered at the URL the post came to and never kept (no ETag, no-store).
   */
  async function reply(req: Request, res: Response, status: number, json: object, page?: ContactPageData) {
    if (!isFormPost(req)) return void unstored(res, status).json(json);
    res.setHeader("Cache-Control", "no-store");
    if (!page) return res.redirect(303, `${contactPage}?sent=1`);
    await streamRender(req, res, deps.renderDeps, req.originalUrl, { pageData: { ...page }, status });
  }

  const relay: RequestHandler = (req, res, next) => {
    const body: unknown = req.body ?? {};
    if (!isRecord(body)) {
      report(req, "warn", { contactOutcome: "invalid" }, "contact message is not an object");
      return void res.status(400).json({ error: relayErrors.notAnObject });
    }
    const values = contactValuesOf(body);
    const trap = body[honeypotField];
    if (trap !== undefined && trap !== "") {
      // A bot is told "sent", so it learns nothing; nothing is forwarded.
      report(req, "warn", { contactOutcome: "honeypot" }, "contact message dropped: honeypot filled");
      return reply(req, res, 200, { ok: true });
    }
    const check = checkContact(body);
    if (!check.ok) {
      const invalidFields = Object.keys(check.errors);
      report(req, "info", { contactOutcome: "invalid", invalidFields }, "contact message invalid");
      return reply(req, res, 400, { errors: check.errors }, { values, errors: check.errors });
    }
    deliver(req, res, check.message, values).catch(next);
  };

  /**
   * A valid message goes to the provider at once (its own 2xx is passed on: the form's toast is
   * for exactly 200) or into the queue (202); a refusal for good is a dead letter (502); only
   * when neither provider nor queue took it must the sender send again (503). A resend with the
   * same Idempotency-Key gets the first answer again, or 409 while that one is still being
   * given: never a second message (docs/decisions/012-contact-delivery-queue.md).
   */
  async function deliver(req: Request, res: Response, message: ContactMessage, values: ContactValues) {
    const { queue } = deps;
    const jobId = messageId(req.get("idempotency-key"));
    const failed = (status: number, error: string, retryAfter?: string) => {
      if (retryAfter) res.setHeader("Retry-After", retryAfter);
      const page = { values, errors: {}, failed: true, ...(retryAfter ? { notice: error } : {}) };
      return reply(req, res, status, { error }, page);
    };
    const queued = () => reply(req, res, 202, { ok: true, queued: true });
    // A queue store that is away cannot tell a resend apart: the message is still tried.
    const earlier = await queue.claim(jobId).catch(ignore);
    if (earlier !== undefined) {
      report(req, "info", { jobId, contactOutcome: "repeated", repeatedStatus: earlier }, "contact message repeated");
      if (earlier === "pending") return failed(409, relayErrors.inFlight, "5");
      if (earlier === "queued") return queued();
      if (earlier < 300) return reply(req, res, earlier, { ok: true });
      return failed(earlier, relayErrors.upstreamRefused);
    }
    const job: ContactJob = { id: jobId, receivedAt: Date.now(), requestId: req.id, contact: message };
    const upstream = provider && (await postToUpstream(provider, message, jobId));
    // What happened, for the log: the job id to follow the message, never its personal data.
    const fields = {
      jobId,
      upstreamStatus: upstream && "status" in upstream ? upstream.status : undefined,
      upstreamError:
        upstream?.kind === "unreachable" ? upstream.code : upstream?.kind === "timeout" ? "timeout" : undefined,
      upstreamMs: upstream?.ms,
    };
    if (upstream?.kind === "accepted") {
      await queue.remember(jobId, upstream.status).catch(ignore);
      report(req, "info", { ...fields, contactOutcome: "delivered" }, "contact message relayed");
      return reply(req, res, upstream.status, { ok: true });
    }
    if (upstream && isPermanentRefusal(upstream)) {
      const err = await queue
        .enqueue({ ...job, deadReason: failureReason(upstream) })
        .then(ignore, (e: unknown) => e ?? "failed");
      await queue.remember(jobId, 502).catch(ignore);
      const msg = `contact message refused upstream for good${err === undefined ? "; dead-lettered" : " and not dead-lettered"}`;
      report(req, "error", { ...fields, contactOutcome: "refused", err }, msg);
      return failed(502, relayErrors.upstreamRefused);
    }
    try {
      await queue.enqueue(upstream ? { ...job, firstFailedAt: Date.now() } : job);
    } catch (err) {
      await queue.forget(jobId).catch(ignore);
      if (err instanceof QueueFullError) return refuse(req, res, "queue_full", fields);
      const msg = "contact message neither delivered nor queued";
      report(req, "error", { ...fields, contactOutcome: "not_kept", err }, msg);
      return failed(503, relayErrors.notKept);
    }
    await queue.remember(jobId, "queued").catch(ignore);
    const msg = upstream ? "contact message not taken upstream; queued" : "contact message queued";
    report(req, "info", { ...fields, contactOutcome: "queued" }, msg);
    return queued();
  }

  /** body-parser's errors carry a `type` and their status: too large (413) is a refusal, any other 4xx unreadable. */
  const bodyErrors: ErrorRequestHandler = (err, req, res, next) => {
    const { type, status } = (err ?? {}) as { type?: unknown; status?: unknown };
    if (res.headersSent || typeof type !== "string" || typeof status !== "number" || status >= 500) return next(err);
    if (status === 413) return refuse(req, res, "too_large", { bodyError: type });
    const parse = type === "entity.parse.failed" ? relayErrors.malformedJson : relayErrors.badRequest;
    unreadable(req, res, status, status === 415 ? relayErrors.unsupportedCharset : parse, type);
  };

  const accepts =
    (type: string): RequestHandler =>
    (req, res, next) => {
      if (mediaType(req) === type) return next();
      // A page from before the form posted to its own URL: the browser re-posts the form there.
      if (type === JSON_TYPE && isFormPost(req)) return res.redirect(307, contactPage);
      unstored(res, 415).json({ error: relayErrors.unsupportedType });
    };
  const declaredSize: RequestHandler = (req, res, next) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared <= contactBodyLimitBytes) return next();
    refuse(req, res, "too_large", { bodyError: "entity.too.large", bodyBytes: declared });
  };
  const siteOrigin = new URL(config.SITE_URL).origin;
  const rateLimit = { windowMs: config.RATE_LIMIT_WINDOW_MS, limit: config.RATE_LIMIT_MAX, store: deps.rateLimitStore };
  const guards: RequestHandler[] = [
    declaredSize,
    (req, res, next) => (isCrossSite(req, siteOrigin) ? refuse(req, res, "cross_site") : next()),
    inFlightPerClient(config.MAX_IN_FLIGHT_PER_CLIENT, (req, res) => refuse(req, res, "too_many_in_flight")),
    rateLimiter("contact", { logger: deps.logger, ...rateLimit }, (req, res) => refuse(req, res, "rate_limited")),
    // A full queue refuses before the body: nothing already kept is dropped to make room.
    (req, res, next) => (deps.queue.isFull() ? refuse(req, res, "queue_full") : next()),
    minimumBodyRate((req, res) => unreadable(req, res, 408, relayErrors.tooSlow, "too.slow")),
  ];
  const limit = contactBodyLimitBytes;
  const json = express.json({ limit, type: JSON_TYPE });
  const form = express.urlencoded({ limit, type: FORM_TYPE, extended: false, parameterLimit: 20 });
  router.post(contactEndpoint, accepts(JSON_TYPE), guards, json, relay);
  router.post(contactPage, accepts(FORM_TYPE), guards, form, relay);
  router.use([contactEndpoint, contactPage], bodyErrors);
  return router;
}
