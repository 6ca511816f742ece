// The contact form's field names, limits and texts (docs/product.md sections 5 and 8, verbatim).
// Kept apart from the zod schema in contact.ts so the Contact page can show these texts
// without pulling zod into its first-load chunk: the schema is imported on demand.
import { phoneDigits } from "./site.ts";

interface FieldSpec {
  /** The form's label, also naming the field in the relay's own messages. */
  label: string;
  /** Longest accepted value, in characters: the input's maxlength, the schema's bound and the body's. */
  maxLength: number;
  /** The input has no maxlength: a cap would silently cut what the field's own rule explains. */
  uncapped?: true;
  /** A hint under the field, for a rule a visitor cannot guess. */
  hint?: string;
  input: { type?: "text" | "email" | "tel"; autoComplete: string; inputMode?: "tel" };
}

/**
 * Every field of the contact form, in form order: the one place a field is declared. The form
 * draws its inputs from here, the schema (shared/contact.ts) must have exactly these keys or it
 * does not compile, the relay sends the whole parsed message, the logger redacts each field by
 * name (server/logger.ts) and the body limit adds up their lengths (server/contact/relayErrors.ts).
 *
 * Lengths are not in docs/product.md: a relay that forwards to someone else's API needs bounds
 * (254 is the longest valid e-mail address). Phone is bounded by its digit rule (docs/product.md
 * section 8: 7 to 15 digits once a leading + and spaces, dashes and brackets are taken out,
 * shared/contact.ts normalizePhone), and a length cap on its input would silently cut "+44 20 ...".
 */
export const contactFieldTable = {
  name: { label: "Name", maxLength: 100, input: { type: "text", autoComplete: "name" } },
  email: { label: "Email", maxLength: 254, input: { type: "email", autoComplete: "email" } },
  phone: {
    label: "Phone number",
    maxLength: phoneDigits.max,
    uncapped: true,
    hint: "7 to 15 digits, with the country code: for example +44 20 7946 0321.",
    input: { type: "tel", autoComplete: "tel", inputMode: "tel" },
  },
  subject: { label: "Subject", maxLength: 200, input: { type: "text", autoComplete: "off" } },
  message: { label: "Message", maxLength: 5000, input: { autoComplete: "off" } },
} as const satisfies Record<string, FieldSpec>;

export type ContactField = keyof typeof contactFieldTable;
export const contactFields = Object.keys(contactFieldTable) as ContactField[];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;
/** A field's spec, read without its literal types (an optional part may be absent). */
export const contactField = (field: ContactField): FieldSpec => contactFieldTable[field];
const textOf = (source: unknown, field: ContactField) => {
  const value = (source as Record<string, unknown> | null | undefined)?.[field];
  return typeof value === "string" ? value : undefined;
};
/** Each field's text in `source` (a parsed body, page data), or "" where it has none. */
export const contactValuesOf = (source: unknown): ContactValues =>
  Object.fromEntries(contactFields.map((field) => [field, textOf(source, field) ?? ""])) as ContactValues;
export const emptyContactValues = (): ContactValues => contactValuesOf(undefined);

/**
 * docs/product.md section 5 messages, then the relay's extras (length, single line, control
 * characters), each its own text.
 */
export const fieldMessages = {
  nameRequired: "Name is required.",
  emailRequired: "Email is required.",
  emailInvalid: "Invalid email format.",
  phoneRequired: "Phone number is required.",
  phoneInvalid: "Invalid phone number.",
  subjectRequired: "Subject is required.",
  messageRequired: "Message is required.",
  nameTooLong: `Name must be at most ${contactFieldTable.name.maxLength} characters.`,
  emailTooLong: `Email must be at most ${contactFieldTable.email.maxLength} characters.`,
  subjectTooLong: `Subject must be at most ${contactFieldTable.subject.maxLength} characters.`,
  messageTooLong: `Message must be at most ${contactFieldTable.message.maxLength} characters.`,
  nameMultiline: "Name must fit on one line.",
  subjectMultiline: "Subject must fit on one line.",
  nameControl: "Name must not contain control characters.",
  emailControl: "Email must not contain control characters.",
  phoneControl: "Phone number must not contain control characters.",
  subjectControl: "Subject must not contain control characters.",
  messageControl: "Message must not contain control characters.",
} as const;

/** docs/product.md section 8: what the form says after a send. */
export const responseMessages = {
  sent: "Your message has been sent successfully!",
  toast: "Query send successfully!",
  failed: "Something went wrong. Please try again.",
  network: "Network error. Please try again later.",
} as const;

/** The honeypot: a field people never see or fill; a value in it marks a bot. */
export const honeypotField = "website";

/** Same path as the provider's API (docs/product.md section 7): the browser posts here, the server relays. */
export const contactEndpoint = "/api/Geography/addContactUs";

/**
 * What the Contact page gets as `pageData` when a plain (no-JavaScript) form post failed:
 * the typed values, the field errors, and whether the send itself failed.
 */
export interface ContactPageData {
  values: ContactValues;
  errors: ContactErrors;
  failed?: boolean;
  /** Said in place of the generic failure sentence: why the post was not taken (rate limit, size). */
  notice?: string;
}

/** Reads ContactPageData from untyped page data; anything malformed reads as nothing. */
export function readContactPageData(data: unknown): ContactPageData | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const { values, errors, failed, notice } = data as Record<string, unknown>;
  if (typeof values !== "object" || values === null) return undefined;
  const parsed: ContactPageData = {
    values: contactValuesOf(values),
    errors: {},
    failed: failed === true,
    ...(typeof notice === "string" && notice !== "" ? { notice } : {}),
  };
  for (const field of contactFields) {
    const message = textOf(errors, field);
    if (message) parsed.errors[field] = message;
  }
  return parsed;
}
