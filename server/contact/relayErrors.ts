import { contactMaxLength } from "../../shared/contactMessages.ts";
import { phoneDigits } from "../../shared/site.ts";

/**
 * Largest contact body accepted, in bytes: every field at its longest, in the costliest
 * encoding either format allows. Form encoding writes a 3-byte UTF-8 character (CJK, Hindi...)
 * as 9 bytes (%E4%B8%AD), JSON may escape a character as 6 (\u4e2d); a 4-byte character is two
 * UTF-16 units of the length limit, so never costs more per unit. Plus room for names and
 * separators. About 52 KB.
 */
export const contactBodyLimitBytes =
  9 *
    (contactMaxLength.name +
      contactMaxLength.email +
      contactMaxLength.subject +
      contactMaxLength.message +
      phoneDigits.max) +
  2048;

const limitKb = Math.ceil(contactBodyLimitBytes / 1024);

// The relay's own `{error}` sentences (the form shows the texts of docs/product.md section 8; API clients read these).
export const relayErrors = {
  tooLarge: `The message is too large: the limit is ${limitKb} KB.`,
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

/** What the no-JavaScript form shows above its button when the post was too large. */
export const formTooLarge = `The form was too large to send. Each field has been cut to what fits (the message to ${contactMaxLength.message.toLocaleString("en-GB")} characters): check it and send again.`;
