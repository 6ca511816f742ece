import { contactMaxLength } from "../../shared/contactMessages.ts";
import { brandName } from "../../shared/site.ts";
import { relayErrors } from "./relayErrors.ts";

/** Why a no-JavaScript post was refused before its body was read. */
export type Refusal = "cross_site" | "rate_limited" | "too_many_in_flight" | "queue_full" | "too_large";

export const refusalStatus: Record<Refusal, number> = {
  cross_site: 403,
  rate_limited: 429,
  too_many_in_flight: 429,
  queue_full: 503,
  too_large: 413,
};

/** What each refusal says: the relay's own sentences, which JSON callers get as `error`. */
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
 * The page a no-JavaScript visitor gets for each refusal, made once at start and kept as
 * bytes: a flood of refused posts costs no render. It says why and links back to the form;
 * the browser's Back returns to the form with what was typed. Styled by the site's stylesheet
 * (no inline style: the CSP allows none on answers that are not pages).
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
  return Object.fromEntries(Object.keys(refusalStatus).map((reason) => [reason, page(reason as Refusal)])) as Record<
    Refusal,
    Buffer
  >;
}
