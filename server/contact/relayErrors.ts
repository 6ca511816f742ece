import { contactMaxLength } from "../../shared/contactMessages.ts";
import { brandName, phoneDigits } from "../../shared/site.ts";

/**
 * Largest contact body accepted, in bytes: every field at its longest in the costliest encoding
 * either format allows (a form writes a 3-byte character as 9 bytes, %E4%B8%AD; JSON may escape
 * one as 6), plus room for names and separators. About 52 KB.
 */
export const contactBodyLimitBytes =
  9 *
    (contactMaxLength.name +
      contactMaxLength.email +
      contactMaxLength.subject +
      contactMaxLength.message +
      phoneDigits.max) +
  2048;

// The relay's own `{error}` sentences (the form shows the texts of docs/product.md section 8; API clients read these).
export const relayErrors = {
  tooLarge: `The message is too large: the limit is ${Math.ceil(contactBodyLimitBytes / 1024)} KB.`,
  unsupportedType: "Send the message as JSON (application/json) or as a form (application/x-www-form-urlencoded).",
  unsupportedCharset: "Send the message encoded as UTF-8.",
  malformedJson: "The message is not valid JSON.",
  notAnObject: "The message must be a JSON object with name, email, phone, subject and message.",
  badRequest: "The message could not be read.",
  rateLimited: "Too many messages from your address. Please try again later.",
  upstreamRefused: "The message service refused the message.",
  notKept: "The message could not be delivered or kept. Please try again later.",
  queueFull: "We are receiving more messages than we can keep right now. Please try again in a few minutes.",
  inFlight: "This message is already being sent.",
  crossSite: "This form can only be sent from this site's own Contact page.",
  tooSlow: "The message arrived too slowly. Please try again.",
} as const;

/** Why a post was refused before its body was read. */
export type Refusal = "cross_site" | "rate_limited" | "too_many_in_flight" | "queue_full" | "too_large";

export const refusalStatus: Record<Refusal, number> = {
  cross_site: 403,
  rate_limited: 429,
  too_many_in_flight: 429,
  queue_full: 503,
  too_large: 413,
};

export const refusalText: Record<Refusal, string> = {
  cross_site: relayErrors.crossSite,
  rate_limited: relayErrors.rateLimited,
  too_many_in_flight: relayErrors.rateLimited,
  queue_full: relayErrors.queueFull,
  too_large: `The form was too large to send: the message may have at most ${contactMaxLength.message.toLocaleString("en-GB")} characters.`,
};

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/**
 * The page a form post gets for each refusal, made once at start and kept as bytes: a flood of
 * refused posts costs no render. It says why and links back; the browser's Back returns to the
 * form with what was typed. Styled by the site's stylesheet (the CSP allows no inline style here).
 */
export function refusalPages(stylesheets: readonly string[]): Record<Refusal, Buffer> {
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${escape(href)}">`).join("");
  const page = (reason: Refusal) =>
    Buffer.from(
      `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
        `<title>Message not sent | ${escape(brandName)}</title>${links}</head><body>` +
        `<main id="main"><section class="status-page"><div class="container"><h1>Your message was not sent</h1>` +
        `<p role="alert">${escape(refusalText[reason])}</p>` +
        `<p>Your browser's Back button returns to the form with what you typed.</p>` +
        `<a class="button button--primary" href="/Contact">Back to the Contact form</a></div></section></main></body></html>`,
    );
  return Object.fromEntries(Object.keys(refusalStatus).map((r) => [r, page(r as Refusal)])) as Record<Refusal, Buffer>;
}
