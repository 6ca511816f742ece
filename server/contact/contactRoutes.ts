import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from "express";
import type { Logger } from "pino";
import { checkContact } from "../../shared/contact.ts";
import {
  contactEndpoint,
  contactFields,
  contactMaxLength,
  honeypotField,
  type ContactPageData,
  type ContactValues,
} from "../../shared/contactMessages.ts";
import { streamPage, type RenderDeps } from "../render.ts";
import { contactRateLimiter, type RateLimitSettings } from "./rateLimit.ts";
import { inFlightPerClient, isCrossSite, minimumBodyRate } from "./requestGuards.ts";
import { QueueFullError, type ContactQueue } from "./queue.ts";
import type { Metrics } from "../metrics.ts";
import { relayContact, type RelaySettings } from "./relayContact.ts";
import { contactBodyLimitBytes, formTooLarge, relayErrors } from "./relayErrors.ts";
import { refusalPages, refusalStatus, refusalText, type Refusal } from "./refusalPages.ts";

export interface ContactRouteDeps {
  relay: RelaySettings;
  /** Where a message the provider did not take at once waits (server/contact/queue.ts). */
  queue: ContactQueue;
  rateLimit: RateLimitSettings;
  /**
   * The no-JavaScript form's error page is the Contact page, rendered by the page renderer;
   * a post refused before its body is read gets a page kept from start (refusalPages.ts).
   */
  renderDeps: RenderDeps;
  logger: Logger;
  /** The site's public origin (SITE_URL): a form posted from elsewhere is refused. */
  siteUrl: string;
  /** Contact posts one client may have in flight at once (slow bodies hold one each). */
  maxInFlightPerClient: number;
  /** Counts each outcome (server/metrics.ts); unset in tests that do not look. */
  metrics?: Pick<Metrics, "contactOutcome"> | undefined;
}

/** Bodies slower than this on average, after the grace, are cut off with 408. */
const MIN_BODY_BYTES_PER_SECOND = 256;
const BODY_GRACE_MS = 2_000;

const BODY_LIMIT = contactBodyLimitBytes;
/**
 * A form post is read up to this, so that one over BODY_LIMIT still gets the Contact page back
 * with what fits; one declared larger is refused before a byte of it is read. (A browser hardly
 * gets near it: all fields but the phone have a maxlength; this bounds what a client may make
 * us buffer.)
 */
const FORM_READ_LIMIT = 256 * 1024;
const formBytes = Symbol("formBytes");
const JSON_TYPE = "application/json";
const FORM_TYPE = "application/x-www-form-urlencoded";
const SENT_PAGE = "/Contact?sent=1";
const CONTACT_PAGE = "/Contact";

const mediaType = (req: Request) => req.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
const isFormPost = (req: Request) => mediaType(req) === FORM_TYPE;
/** The request's own logger (server/requestContext.ts): its lines carry the request id. */
const logOf = (req: Request, fallback: Logger): Logger => req.log ?? fallback;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The typed values as they came, for putting back into the re-rendered form. */
function submittedValues(body: unknown): ContactValues {
  const source = isRecord(body) ? body : {};
  return Object.fromEntries(
    contactFields.map((f) => [f, typeof source[f] === "string" ? source[f] : ""]),
  ) as ContactValues;
}

/** Each value cut to its field's limit (phone to its most digits, with room for spaces). */
function fittingValues(body: unknown): ContactValues {
  const limits: Record<string, number> = { ...contactMaxLength, phone: 32 };
  const values = submittedValues(body);
  // Array.from counts code points, so no character is cut in half.
  return Object.fromEntries(
    contactFields.map((f) => [f, Array.from(values[f]).slice(0, limits[f]).join("")]),
  ) as ContactValues;
}

/** Seconds a refused visitor is told to wait (Retry-After) before sending again. */
const RETRY_AFTER: Partial<Record<Refusal, string>> = { rate_limited: "60", too_many_in_flight: "5", queue_full: "60" };

/**
 * POST /api/Geography/addContactUs: JSON from the script-driven form or API clients, or a plain
 * form post when JavaScript is off. Order: content type, declared size, origin (no cross-site
 * posts), requests in flight per client, rate limit, room in the queue, then the body (about
 * 52 KB, at a minimum rate), honeypot, schema, delivery. A request refused before its body is
 * read costs a header check: JSON callers get the error JSON, form posts a page kept in memory.
 */
export function contactRoutes(deps: ContactRouteDeps): Router {
  const router = express.Router();
  const count = (outcome: string) => deps.metrics?.contactOutcome("relay", outcome);
  /** An outcome decided before delivery: counted and logged in one place, never the message. */
  const report = (
    req: Request,
    level: "info" | "warn",
    fields: { contactOutcome: string } & Record<string, unknown>,
    msg: string,
  ) => {
    count(fields.contactOutcome);
    logOf(req, deps.logger)[level](fields, msg);
  };

  /** Failures of a form post re-render the Contact page (at its own URL for the router). */
  async function renderContactPage(req: Request, res: Response, status: number, data: ContactPageData) {
    const pageRequest = Object.create(req, {
      originalUrl: { value: CONTACT_PAGE },
      url: { value: CONTACT_PAGE },
    }) as Request;
    // `renderedFor` lets the browser put the Contact URL back before its router starts.
    await streamPage(pageRequest, res, deps.renderDeps, { ...data, renderedFor: CONTACT_PAGE }, status);
  }

  const kept = refusalPages(deps.renderDeps.manifest.stylesheets);
  /** A refusal decided from the headers alone: counted, logged, answered without a render. */
  function refuse(req: Request, res: Response, reason: Refusal, fields: Record<string, unknown> = {}) {
    report(req, "warn", { contactOutcome: reason, ...fields }, "contact message refused");
    res.setHeader("Cache-Control", "no-store");
    const retryAfter = RETRY_AFTER[reason];
    if (retryAfter) res.setHeader("Retry-After", retryAfter);
    // The body is never read: the socket closes after the answer instead of draining it.
    if (!req.complete) res.setHeader("Connection", "close");
    res.status(refusalStatus[reason]);
    if (isFormPost(req)) res.type("html").send(kept[reason]);
    else res.json({ error: reason === "too_large" ? relayErrors.tooLarge : refusalText[reason] });
  }

  /** `notice` replaces the generic failure sentence on the form (too large, refused upstream). */
  async function fail(req: Request, res: Response, status: number, error: string, notice?: string) {
    res.setHeader("Cache-Control", "no-store");
    if (isFormPost(req)) {
      const values = req.body === undefined ? submittedValues({}) : submittedValues(req.body);
      await renderContactPage(req, res, status, { values, errors: {}, failed: true, ...(notice ? { notice } : {}) });
      return;
    }
    res.status(status).json({ error });
  }

  /**
   * `status`: the provider's 2xx, passed on so that the form's toast rule (exactly 200) sees it,
   * or 202 with `queued` for a message kept in the queue.
   */
  function succeed(req: Request, res: Response, status = 200, queued = false) {
    res.setHeader("Cache-Control", "no-store");
    if (isFormPost(req)) res.redirect(303, SENT_PAGE);
    else res.status(status).json(queued ? { ok: true, queued: true } : { ok: true });
  }

  /** A form post over the limit: the Contact page again, with what fits and why it was cut. */
  const formWithinLimit: RequestHandler = async (req, res, next) => {
    const bytes = (req as Request & { [formBytes]?: number })[formBytes];
    if (!isFormPost(req) || bytes === undefined || bytes <= BODY_LIMIT) return next();
    report(
      req,
      "warn",
      { contactOutcome: "unreadable", bodyError: "entity.too.large", bodyBytes: bytes },
      "contact message unreadable",
    );
    res.setHeader("Cache-Control", "no-store");
    await renderContactPage(req, res, 413, {
      values: fittingValues(req.body),
      errors: {},
      failed: true,
      notice: formTooLarge,
    });
  };

  const acceptedTypes: RequestHandler = (req, res, next) => {
    const type = mediaType(req);
    if (type === JSON_TYPE || type === FORM_TYPE) return next();
    res.setHeader("Cache-Control", "no-store");
    res.status(415).json({ error: relayErrors.unsupportedType });
  };

  /** A declared length over what would be read is refused at once (not after waiting for the body). */
  const declaredSize: RequestHandler = (req, res, next) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared <= (isFormPost(req) ? FORM_READ_LIMIT : BODY_LIMIT)) return next();
    refuse(req, res, "too_large", { bodyError: "entity.too.large", bodyBytes: declared });
  };

  const siteOrigin = new URL(deps.siteUrl).origin;
  const sameSite: RequestHandler = (req, res, next) =>
    isCrossSite(req, siteOrigin) ? refuse(req, res, "cross_site") : next();

  const oneClientAtATime = inFlightPerClient(deps.maxInFlightPerClient, (req, res) =>
    refuse(req, res, "too_many_in_flight"),
  );

  const limiter = contactRateLimiter({ logger: deps.logger, ...deps.rateLimit }, (req, res) =>
    refuse(req, res, "rate_limited"),
  );

  const formParser = express.urlencoded({
    limit: FORM_READ_LIMIT,
    type: FORM_TYPE,
    extended: false,
    parameterLimit: 20,
    verify: (req, _res, buf) => void ((req as unknown as { [formBytes]: number })[formBytes] = buf.length),
  });

  /** A full queue refuses before the body: nothing already kept is dropped to make room. */
  const queueRoom: RequestHandler = (req, res, next) => (deps.queue.isFull() ? refuse(req, res, "queue_full") : next());

  const bodyRate = minimumBodyRate({
    minBytesPerSecond: MIN_BODY_BYTES_PER_SECOND,
    graceMs: BODY_GRACE_MS,
    onTooSlow: (req, res) => {
      report(req, "warn", { contactOutcome: "unreadable", bodyError: "too.slow" }, "contact message too slow");
      res.setHeader("Cache-Control", "no-store");
      res.status(408).json({ error: relayErrors.tooSlow });
    },
  });

  const relay: RequestHandler = async (req, res) => {
    const log = logOf(req, deps.logger);
    const body: unknown = req.body ?? {};
    if (!isRecord(body)) {
      report(req, "warn", { contactOutcome: "invalid" }, "contact message is not an object");
      res.status(400).json({ error: relayErrors.notAnObject });
      return;
    }

    const trap = body[honeypotField];
    if (trap !== undefined && trap !== "") {
      // A bot: it is told "sent" so it learns nothing, and nothing is forwarded.
      report(req, "warn", { contactOutcome: "honeypot" }, "contact message dropped: honeypot filled");
      succeed(req, res);
      return;
    }

    const check = checkContact(body);
    if (!check.ok) {
      report(
        req,
        "info",
        { contactOutcome: "invalid", invalidFields: Object.keys(check.errors) },
        "contact message invalid",
      );
      res.setHeader("Cache-Control", "no-store");
      if (isFormPost(req))
        await renderContactPage(req, res, 400, { values: submittedValues(body), errors: check.errors });
      else res.status(400).json({ errors: check.errors });
      return;
    }

    const delivery = await relayContact(deps.relay, deps.queue, check.message, {
      idempotencyKey: req.get("idempotency-key"),
      requestId: req.id as string,
    });
    const upstream = "upstream" in delivery ? delivery.upstream : undefined;
    // What the provider did, for the log: no personal data, the job id to follow the message.
    const fields = {
      jobId: delivery.jobId,
      contactOutcome: delivery.outcome,
      upstreamStatus: upstream?.kind === "accepted" || upstream?.kind === "rejected" ? upstream.status : undefined,
      upstreamError:
        upstream?.kind === "unreachable" ? upstream.code : upstream?.kind === "timeout" ? "timeout" : undefined,
      upstreamMs: upstream?.ms,
    };
    count(delivery.outcome);
    switch (delivery.outcome) {
      case "delivered":
        log.info(fields, "contact message relayed");
        succeed(req, res, delivery.status);
        return;
      case "queued":
        log.info(fields, upstream ? "contact message not taken upstream; queued" : "contact message queued");
        succeed(req, res, 202, true);
        return;
      case "repeated":
        log.info({ ...fields, repeatedStatus: delivery.status }, "contact message repeated: answered as before");
        if (delivery.status === 409) {
          res.setHeader("Retry-After", "5");
          await fail(req, res, 409, relayErrors.inFlight);
        } else if (delivery.status >= 200 && delivery.status < 300) succeed(req, res, delivery.status, delivery.queued);
        else await fail(req, res, delivery.status, relayErrors.upstreamRefused);
        return;
      case "refused":
        if (delivery.deadLettered) log.error(fields, "contact message refused upstream for good; dead-lettered");
        else
          log.error(
            { ...fields, err: delivery.error },
            "contact message refused upstream for good and not dead-lettered",
          );
        await fail(req, res, delivery.status, relayErrors.upstreamRefused);
        return;
      case "not_kept":
        if (delivery.error instanceof QueueFullError) return refuse(req, res, "queue_full", fields);
        log.error({ ...fields, err: delivery.error }, "contact message neither delivered nor queued");
        await fail(req, res, 503, relayErrors.notKept);
        return;
    }
  };

  /** body-parser's errors carry a `type`: each becomes a status and a sentence. */
  const bodyErrors: ErrorRequestHandler = (err, req, res, next) => {
    const type: unknown = (err as { type?: unknown } | undefined)?.type;
    const reply = (status: number, error: string) => {
      report(req, "warn", { contactOutcome: "unreadable", bodyError: type }, "contact message unreadable");
      res.setHeader("Cache-Control", "no-store");
      res.status(status).json({ error });
    };
    if (res.headersSent) return next(err);
    switch (type) {
      case "entity.too.large":
        return refuse(req, res, "too_large", { bodyError: type });
      case "parameters.too.many":
        return reply(413, relayErrors.tooLarge);
      case "entity.parse.failed":
        return reply(400, relayErrors.malformedJson);
      case "encoding.unsupported":
      case "charset.unsupported":
        return reply(415, relayErrors.unsupportedCharset);
      case "request.aborted":
      case "request.size.invalid":
      case "stream.encoding.set":
        return reply(400, relayErrors.badRequest);
      default:
        return next(err);
    }
  };

  router.post(
    contactEndpoint,
    acceptedTypes,
    declaredSize,
    sameSite,
    oneClientAtATime,
    limiter,
    queueRoom,
    bodyRate,
    express.json({ limit: BODY_LIMIT, type: JSON_TYPE }),
    formParser,
    formWithinLimit,
    relay,
  );
  router.use(contactEndpoint, bodyErrors);
  return router;
}
