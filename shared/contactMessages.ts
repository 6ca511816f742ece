// The contact form's field names, limits and texts (docs/product.md sections 5 and 8, verbatim).
// Kept apart from the zod schema in contact.ts so the Contact page can show these texts
// without pulling zod into its first-load chunk: the schema is imported on demand.
export const contactFields = ["name", "email", "phone", "subject", "message"] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** Labels of the form, also used to name a field in the relay's own messages. */
export const contactLabels: Record<ContactField, string> = {
  name: "Name",
  email: "Email",
  phone: "Phone number",
  subject: "Subject",
  message: "Message",
};

/**
 * A hint under a field, for a rule a visitor cannot guess: the phone's 7 to 15 digits (the rule
 * of docs/product.md section 8), counted once a leading + and spaces, dashes and brackets are
 * taken out (shared/contact.ts normalizePhone).
 */
export const contactHints: Partial<Record<ContactField, string>> = {
  phone: "7 to 15 digits, with the country code: for example +44 20 7946 0321.",
};

/**
 * Longest accepted value per free-text field. Not in docs/product.md: a relay that forwards to someone
 * else's API needs bounds (254 is the longest valid e-mail address). Phone is bounded by its
 * digit rule, and a length cap on its input would silently cut "+44 20 ..." instead of
 * explaining the rule.
 */
export const contactMaxLength = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
} as const satisfies Partial<Record<ContactField, number>>;

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
  nameTooLong: `Name must be at most ${contactMaxLength.name} characters.`,
  emailTooLong: `Email must be at most ${contactMaxLength.email} characters.`,
  subjectTooLong: `Subject must be at most ${contactMaxLength.subject} characters.`,
  messageTooLong: `Message must be at most ${contactMaxLength.message} characters.`,
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
  const pick = (source: unknown, field: ContactField) => {
    const value = (source as Record<string, unknown> | null)?.[field];
    return typeof value === "string" ? value : undefined;
  };
  const parsed: ContactPageData = {
    values: Object.fromEntries(contactFields.map((f) => [f, pick(values, f) ?? ""])) as ContactValues,
    errors: {},
    failed: failed === true,
    ...(typeof notice === "string" && notice !== "" ? { notice } : {}),
  };
  for (const field of contactFields) {
    const message = typeof errors === "object" ? pick(errors, field) : undefined;
    if (message) parsed.errors[field] = message;
  }
  return parsed;
}
