// One schema for the contact message, run by the form in the browser and by the relay.
// zod/mini keeps the on-demand browser chunk small; `import * as z` lets unused parts drop out.
import * as z from "zod/mini";
import { phoneDigits } from "./site.ts";
import {
  contactFieldTable as fields,
  contactFields,
  fieldMessages as m,
  type ContactErrors,
  type ContactField,
} from "./contactMessages.ts";

const LINE_BREAK = /[\r\n\u2028\u2029]/;
/**
 * Characters no field may hold: C0 controls, DEL, C1 controls (NEL among them), the bidi
 * embeddings, overrides and isolates (they reorder the text after them, so it reads differently
 * than it is stored, and they leak past the field into whatever shows it), and the Unicode line
 * and paragraph separators. The message's own set spares tab, CR and LF.
 *
 * The plain marks LRM, RLM and ALM (U+200E, U+200F, U+061C) are allowed: Hebrew and Arabic input
 * methods insert them as people type, and a mark only sets the direction of the neutral characters
 * next to it, it cannot reorder a run of text or reach past the field.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- as CONTROL, less \t \n \r
const MESSAGE_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/**
 * The plain bidi marks. An address or a number has no use for them and its format would refuse
 * them, though the visitor cannot see them: email and phone drop them, as invisible formatting.
 */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;
const withoutBidiMarks = (value: string) => value.replace(BIDI_MARKS, "");
/** CRLF (what a browser sends for a textarea's line break) and a lone CR. */
const CR_LINE_END = /\r\n?/g;
const PHONE = new RegExp(`^\\d{${phoneDigits.min},${phoneDigits.max}}$`);
/** What people type between a phone number's digits: spaces, dashes, brackets. */
const PHONE_SEPARATORS = /[\s\-()]/g;

/**
 * A phone number as written ("+44 (20) 3890-4127") to the digits the rule of docs/product.md
 * section 8 is about ("442038904127"): the plain bidi marks (see BIDI_MARKS), a leading + and the
 * separators go, nothing else does, so a letter or a second + still fails the rule.
 */
export function normalizePhone(value: string): string {
  return withoutBidiMarks(value).replace(/^\+/, "").replace(PHONE_SEPARATORS, "");
}

/** A missing field reads as empty; any other non-string is a type error of its own. */
function text(field: ContactField, required: string) {
  return z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? required : `${fields[field].label} must be text.`,
  });
}

/** Not matching the pattern is the failure (used for "no line breaks", "no control characters"). */
const without = (pattern: RegExp, error: string) => z.refine<string>((value) => !pattern.test(value), { error });

/**
 * One rule per field of contactFieldTable (shared/contactMessages.ts), no more and no fewer: the
 * `satisfies` below fails to compile otherwise, so a field cannot be validated and never drawn,
 * redacted or sent. Values are trimmed first, so whitespace alone is "required". Checks run in order and the
 * first failing one is the field's message (see contactFieldErrors). A line break keeps its
 * older message (one line; for email and phone, the format's), any other control character
 * gets the field's "control characters" one, ahead of the email and phone formats.
 */
export const contactSchema = z.object({
  name: text("name", m.nameRequired).check(
    z.trim(),
    z.minLength(1, m.nameRequired),
    z.maxLength(fields.name.maxLength, m.nameTooLong),
    without(LINE_BREAK, m.nameMultiline),
    without(CONTROL, m.nameControl),
  ),
  email: text("email", m.emailRequired).check(
    z.trim(),
    z.minLength(1, m.emailRequired),
    z.maxLength(fields.email.maxLength, m.emailTooLong),
    without(LINE_BREAK, m.emailInvalid),
    without(CONTROL, m.emailControl),
    // The address the provider replies to is the one the visitor sees.
    z.overwrite(withoutBidiMarks),
    z.regex(z.regexes.email, m.emailInvalid),
  ),
  phone: text("phone", m.phoneRequired).check(
    z.trim(),
    z.minLength(1, m.phoneRequired),
    without(LINE_BREAK, m.phoneInvalid),
    without(CONTROL, m.phoneControl),
    // The provider gets the digits alone, whatever the visitor typed between them.
    z.overwrite(normalizePhone),
    z.regex(PHONE, m.phoneInvalid),
  ),
  subject: text("subject", m.subjectRequired).check(
    z.trim(),
    z.minLength(1, m.subjectRequired),
    z.maxLength(fields.subject.maxLength, m.subjectTooLong),
    without(LINE_BREAK, m.subjectMultiline),
    without(CONTROL, m.subjectControl),
  ),
  message: text("message", m.messageRequired).check(
    z.trim(),
    // One line break, one character: the length is that of the text as the relay sends it.
    z.overwrite((value) => value.replace(CR_LINE_END, "\n")),
    z.minLength(1, m.messageRequired),
    z.maxLength(fields.message.maxLength, m.messageTooLong),
    without(MESSAGE_CONTROL, m.messageControl),
  ),
} satisfies Record<ContactField, z.ZodMiniType>);

export type ContactMessage = z.infer<typeof contactSchema>;

/** A zod error as `{field: message}`: the first message of each field, fields in form order. */
export function contactFieldErrors(error: z.core.$ZodError): ContactErrors {
  const errors: ContactErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== "string" || !(contactFields as readonly string[]).includes(field)) continue;
    errors[field as ContactField] ??= issue.message;
  }
  return errors;
}

export type ContactCheck = { ok: true; message: ContactMessage } | { ok: false; errors: ContactErrors };

/** Validates anything (a parsed body, the form's state); unknown keys are dropped. */
export function checkContact(input: unknown): ContactCheck {
  const result = contactSchema.safeParse(input);
  if (result.success) return { ok: true, message: result.data };
  return { ok: false, errors: contactFieldErrors(result.error) };
}
