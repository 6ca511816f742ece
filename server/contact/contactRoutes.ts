import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, type Router } from "express";
import type { Logger } from "pino";
import { checkContact } from "../../shared/contact.ts";
import {
  contactEndpoint,
  contactFields,
  honeypotField,
  type ContactPageData,
  type ContactValues,
} from "../../shared/contactMessages.ts";
import { streamPage, type RenderDeps } from "../render.ts";
import { contactRateLimiter, type RateLimitSettings } from "./rateLimit.ts";
import { relayContact, type RelaySettings } from "./relayContact.ts";
import { relayErrors } from "./relayErrors.ts";

export interface ContactRouteDeps {
  relay: RelaySettings;
  rateLimit: RateLimitSettings;
  /** The no-JavaScript form's error page is the Contact page, rendered by the page renderer. */
  renderDeps: RenderDeps;
  logger: Logger;
}

const BODY_LIMIT = "16kb";
const JSON_TYPE = "application/json";
const FORM_TYPE = "application/x-www-form-urlencoded";
const SENT_PAGE = "/Contact?sent=1";
const CONTACT_PAGE = "/Contact";

const mediaType = (req: Request) => req.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
const isFormPost = (req: Request) => mediaType(req) === FORM_TYPE;
const logOf = (req: Request, fallback: Logger): Logger => (req as Request & { log?: Logger }).log ?? fallback;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The typed values as they came, for putting back into the re-rendered form. */
function submittedValues(body: unknown): ContactValues {
  const source = isRecord(body) ? body : {};
  return Object.fromEntries(contactFields.map((f) => [f, typeof source[f] === "string" ? source[f] : ""])) as ContactValues;
}

/**
 * POST /api/Geography/addContactUs: JSON from the script-driven form or API clients, or a plain
 * form post when JavaScript is off. Order: content type, body (16 KB), rate limit, honeypot,
 * schema, delivery. JSON callers get JSON; form posts get a redirect or the Contact page.
 */
export function contactRoutes(deps: ContactRouteDeps): Router {
  const router = express.Router();

  /** Failures of a form post re-render the Contact page (at its own URL for the router). */
  async function renderContactPage(req: Request, res: Response, status: number, data: ContactPageData) {
    const pageRequest = Object.create(req, { originalUrl: { value: CONTACT_PAGE }, url: { value: CONTACT_PAGE } }) as Request;
    // `renderedFor` lets the browser put the Contact URL back before its router starts.
    await streamPage(pageRequest, res, deps.renderDeps, { ...data, renderedFor: CONTACT_PAGE }, status);
  }

  async function fail(req: Request, res: Response, status: number, error: string) {
    res.setHeader("Cache-Control", "no-store");
    if (isFormPost(req) && req.body !== undefined) {
      await renderContactPage(req, res, status, { values: submittedValues(req.body), errors: {}, failed: true });
      return;
    }
    res.status(status).json({ error });
  }

  function succeed(req: Request, res: Response) {
    res.setHeader("Cache-Control", "no-store");
    if (isFormPost(req)) res.redirect(303, SENT_PAGE);
    else res.status(200).json({ ok: true });
  }

  const acceptedTypes: RequestHandler = (req, res, next) => {
    const type = mediaType(req);
    if (type === JSON_TYPE || type === FORM_TYPE) return next();
    res.setHeader("Cache-Control", "no-store");
    res.status(415).json({ error: relayErrors.unsupportedType });
  };

  const limiter = contactRateLimiter({ logger: deps.logger, ...deps.rateLimit }, (req, res) => {
    logOf(req, deps.logger).warn({ contactOutcome: "rate_limited" }, "contact message refused");
    void fail(req, res, 429, relayErrors.rateLimited).catch((err) => logOf(req, deps.logger).error({ err }, "contact page failed"));
  });

  const relay: RequestHandler = async (req, res) => {
    const log = logOf(req, deps.logger);
    const body: unknown = req.body ?? {};
    if (!isRecord(body)) {
      log.warn({ contactOutcome: "invalid" }, "contact message is not an object");
      res.status(400).json({ error: relayErrors.notAnObject });
      return;
    }

    const trap = body[honeypotField];
    if (trap !== undefined && trap !== "") {
      // A bot: it is told "sent" so it learns nothing, and nothing is forwarded.
      log.warn({ contactOutcome: "honeypot" }, "contact message dropped: honeypot filled");
      succeed(req, res);
      return;
    }

    const check = checkContact(body);
    if (!check.ok) {
      log.info({ contactOutcome: "invalid", invalidFields: Object.keys(check.errors) }, "contact message invalid");
      res.setHeader("Cache-Control", "no-store");
      if (isFormPost(req)) await renderContactPage(req, res, 400, { values: submittedValues(body), errors: check.errors });
      else res.status(400).json({ errors: check.errors });
      return;
    }

    const delivery = await relayContact(deps.relay, check.message, req.id as string);
    switch (delivery.outcome) {
      case "delivered":
        log.info({ contactOutcome: "delivered", upstreamStatus: delivery.upstream.kind === "accepted" ? delivery.upstream.status : undefined, upstreamMs: delivery.upstream.ms }, "contact message relayed");
        succeed(req, res);
        return;
      case "stored":
        log.info({ contactOutcome: "stored" }, "contact message stored in the outbox");
        succeed(req, res);
        return;
      case "not_stored":
        log.error({ contactOutcome: "not_stored", err: delivery.error }, "contact message could not be written to the outbox");
        await fail(req, res, 503, relayErrors.notStored);
        return;
      case "upstream_failed": {
        const upstream = delivery.upstream;
        const fields = {
          contactOutcome: upstream.kind === "timeout" ? "upstream_timeout" : "upstream_failed",
          upstreamStatus: upstream.kind === "rejected" ? upstream.status : undefined,
          upstreamError: upstream.kind === "unreachable" ? upstream.code : undefined,
          upstreamMs: upstream.ms,
          storedInOutbox: delivery.stored,
        };
        if (delivery.stored) log.warn(fields, "contact message not taken upstream; kept in the outbox");
        else log.error({ ...fields, err: delivery.error }, "contact message not taken upstream and not written to the outbox");
        await fail(req, res, delivery.status, delivery.status === 504 ? relayErrors.upstreamTimeout : relayErrors.upstreamFailed);
        return;
      }
    }
  };

  /** body-parser's errors carry a `type`: each becomes a status and a sentence. */
  const bodyErrors: ErrorRequestHandler = (err, req, res, next) => {
    const type: unknown = (err as { type?: unknown } | undefined)?.type;
    const reply = (status: number, error: string) => {
      logOf(req, deps.logger).warn({ contactOutcome: "unreadable", bodyError: type }, "contact message unreadable");
      res.setHeader("Cache-Control", "no-store");
      res.status(status).json({ error });
    };
    if (res.headersSent) return next(err);
    switch (type) {
      case "entity.too.large":
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
    express.json({ limit: BODY_LIMIT, type: JSON_TYPE }),
    express.urlencoded({ limit: BODY_LIMIT, type: FORM_TYPE, extended: false, parameterLimit: 20 }),
    limiter,
    relay,
  );
  router.use(contactEndpoint, bodyErrors);
  return router;
}
