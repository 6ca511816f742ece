import { contactFieldTable as fields, contactFields } from "../../shared/contactMessages.ts";
import { brandName } from "../../shared/site.ts";
import { escapeHtml, statusPage } from "../pageWriter.ts";

/**
 * Largest contact body accepted, in bytes: every field at its longest in the costliest encoding
 * either format allows (a form writes a 3-byte character as 9 bytes, %E4%B8%AD; JSON may escape
 * one as 6), plus room for names and separators. About 52 KB.
 */
export const contactBodyLimitBytes = 9 * contactFields.reduce((sum, field) => sum + fields[field].maxLength, 0) + 2048;

// The relay's own `{error}` sentences (the form shows the texts of docs/product.md section 8; API clients read these).
export const relayErrors = {
  tooLarge: `The message is too large: the limit is ${Math.ceil(contactBodyLimitBytes / 1024)} KB.`,
  unsupportedType: "Send the message as JSON (application/json) or as a form (application/x-www-form-urlencoded).",
  unsupportedCharset: "Send the message encoded as UTF-8.",
  malformedJson: "The message is not valid JSON.",
  notAnObject: `The message must be a JSON object with ${contactFields.slice(0, -1).join(", ")} and ${contactFields.at(-1)}.`,
  badRequest: "The message could not be read.",
  rateLimited: "Too many messages from your address. Please try again later.",
  upstreamRefused: "The message service refused the message.",
  notKept: "The message could not be delivered or kept. Please try again later.",
  queueFull: "We are receiving more messages than we can keep right now. Please try again in a few minutes.",
  inFlight: "This message is already being sent.",
  crossSite: "This form can only be sent from this site's own Contact page.",
  tooSlow: "The message arrived too slowly. Please try again.",
} as const;

/**
 * Why a post was refused before its body was read: its status, the seconds the sender is told
 * to wait (Retry-After), the script's `{error}` and the sentence of the kept page a form post gets.
 */
export type Refusal = "cross_site" | "rate_limited" | "too_many_in_flight" | "queue_full" | "too_large";
export const refusals: Record<Refusal, { status: number; retryAfter?: string; json: string; page: string }> = {
  cross_site: { status: 403, json: relayErrors.crossSite, page: relayErrors.crossSite },
  rate_limited: { status: 429, retryAfter: "60", json: relayErrors.rateLimited, page: relayErrors.rateLimited },
  too_many_in_flight: { status: 429, retryAfter: "5", json: relayErrors.rateLimited, page: relayErrors.rateLimited },
  queue_full: { status: 503, retryAfter: "60", json: relayErrors.queueFull, page: relayErrors.queueFull },
  too_large: {
    status: 413,
    json: relayErrors.tooLarge,
    page: `The form was too large to send: the message may have at most ${fields.message.maxLength.toLocaleString("en-GB")} characters.`,
  },
};

/**
 * The page a form post gets for each refusal, made once at start and kept as bytes: a flood of
 * refused posts costs no render. It says why and links back; the browser's Back returns to the
 * form with what was typed.
 */
export function refusalPages(stylesheets: readonly string[], contactPage: string): Record<Refusal, Buffer> {
  const page = (reason: Refusal) =>
    statusPage(
      `Message not sent | ${brandName}`,
      "Your message was not sent",
      `<p role="alert">${escapeHtml(refusals[reason].page)}</p>` +
        "<p>Your browser's Back button returns to the form with what you typed.</p>" +
        `<a class="button button--primary" href="${contactPage}">Back to the Contact form</a>`,
      stylesheets,
    );
  return Object.fromEntries(Object.keys(refusals).map((r) => [r, page(r as Refusal)])) as Record<Refusal, Buffer>;
}
