import { describe, expect, it } from "vitest";
import { checkContact, contactFieldErrors, contactSchema } from "../../shared/contact.ts";
import { fieldMessages, readContactPageData, responseMessages } from "../../shared/contactMessages.ts";
import { validContact } from "../helpers/contactForm.ts";

const valid = validContact;
const errorsFor = (patch: Record<string, unknown>) => {
  const result = checkContact({ ...valid, ...patch });
  return result.ok ? {} : result.errors;
};

describe("contact schema: docs/product.md section 5 messages, verbatim", () => {
  it("accepts a valid message and trims it", () => {
    const result = checkContact({ ...valid, name: "  Ada  ", subject: " Hi " });
    expect(result).toEqual({ ok: true, message: { ...valid, name: "Ada", subject: "Hi" } });
  });

  it("reports every empty field at once, in the words of docs/product.md section 5", () => {
    expect(errorsFor({ name: "", email: "", phone: "", subject: "", message: "" })).toEqual({
      name: "Name is required.",
      email: "Email is required.",
      phone: "Phone number is required.",
      subject: "Subject is required.",
      message: "Message is required.",
    });
  });

  it("treats missing fields as empty", () => {
    const result = checkContact({});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual(["name", "email", "phone", "subject", "message"]);
    expect(errorsFor({ name: undefined, email: null })).toEqual({
      name: "Name is required.",
      email: "Email is required.",
    });
  });

  it("rejects a whitespace-only name (and other fields) as required", () => {
    expect(errorsFor({ name: "   \t " })).toEqual({ name: "Name is required." });
    expect(errorsFor({ message: " \n\n " })).toEqual({ message: "Message is required." });
    expect(errorsFor({ subject: "  " })).toEqual({ subject: "Subject is required." });
  });

  it("checks the email format after presence", () => {
    expect(errorsFor({ email: "ada" })).toEqual({ email: "Invalid email format." });
    expect(errorsFor({ email: "ada@example" })).toEqual({ email: "Invalid email format." });
    expect(errorsFor({ email: "ada @example.com" })).toEqual({ email: "Invalid email format." });
    expect(errorsFor({ email: "ada@example.com" })).toEqual({});
    expect(errorsFor({ email: "  ada.l+site@mail.example.co.uk " })).toEqual({});
  });

  it("accepts 7 to 15 digits, counted without a leading +, spaces, dashes and brackets", () => {
    expect(errorsFor({ phone: "123456" })).toEqual({ phone: "Invalid phone number." });
    expect(errorsFor({ phone: "12345" })).toEqual({ phone: "Invalid phone number." });
    expect(errorsFor({ phone: "1234567" })).toEqual({});
    expect(errorsFor({ phone: "123456789012345" })).toEqual({});
    expect(errorsFor({ phone: "1234567890123456" })).toEqual({ phone: "Invalid phone number." });
    for (const written of ["+44 20 3890 4127", "+441234567", "020 3890 4127", "020-3890-4127", "(020) 3890 4127"])
      expect(errorsFor({ phone: written }), written).toEqual({});
    // Only the separators go: a letter, a second or inner +, a dot or other digits still fail.
    for (const written of ["++441234567", "44+1234567", "020.3890.4127", "0203890412x", "١٢٣٤٥٦٧", "+ - ( )"])
      expect(errorsFor({ phone: written }), written).toEqual({ phone: "Invalid phone number." });
    expect(errorsFor({ phone: "+ 12 34 5" })).toEqual({ phone: "Invalid phone number." });
    expect(errorsFor({ phone: " 1234567 " })).toEqual({});
    expect(errorsFor({ phone: "   " })).toEqual({ phone: "Phone number is required." });
  });

  it("hands the provider the digits alone", () => {
    const check = checkContact({ ...valid, phone: " +44 (20) 3890-4127 " });
    expect(check.ok && check.message.phone).toBe("442038904127");
  });

  it("bounds lengths, each field with its own message", () => {
    expect(errorsFor({ name: "a".repeat(100) })).toEqual({});
    expect(errorsFor({ name: "a".repeat(101) })).toEqual({ name: fieldMessages.nameTooLong });
    expect(errorsFor({ subject: "s".repeat(200) })).toEqual({});
    expect(errorsFor({ subject: "s".repeat(201) })).toEqual({ subject: fieldMessages.subjectTooLong });
    expect(errorsFor({ message: "m".repeat(5000) })).toEqual({});
    expect(errorsFor({ message: "m".repeat(5001) })).toEqual({ message: fieldMessages.messageTooLong });
    const email = (last: number) => `${"a".repeat(64)}@${"d".repeat(60)}.${"e".repeat(60)}.${"f".repeat(last)}.com`;
    expect(email(63)).toHaveLength(254);
    expect(errorsFor({ email: email(63) })).toEqual({});
    expect(errorsFor({ email: email(64) })).toEqual({ email: fieldMessages.emailTooLong });
    expect(new Set(Object.values(fieldMessages)).size).toBe(Object.values(fieldMessages).length);
  });

  it("keeps single-line fields on one line, while the message may span lines", () => {
    expect(errorsFor({ name: "Ada\nLovelace" })).toEqual({ name: fieldMessages.nameMultiline });
    expect(errorsFor({ subject: "Hi\r\nBcc: x@example.com" })).toEqual({ subject: fieldMessages.subjectMultiline });
    expect(errorsFor({ email: "ada@example.com\nbcc@example.com" })).toEqual({ email: "Invalid email format." });
    expect(errorsFor({ phone: "1234567\n8" })).toEqual({ phone: "Invalid phone number." });
    expect(errorsFor({ message: "line one\nline two" })).toEqual({});
  });

  it("reports a non-string value as a type error, not a crash", () => {
    expect(errorsFor({ name: 42 })).toEqual({ name: "Name must be text." });
    expect(errorsFor({ phone: 1234567 })).toEqual({ phone: "Phone number must be text." });
    expect(errorsFor({ message: { text: "hi" } })).toEqual({ message: "Message must be text." });
  });

  it("drops unknown fields", () => {
    const result = checkContact({ ...valid, admin: true, website: "", __proto__: { x: 1 } });
    expect(result.ok && Object.keys(result.message)).toEqual(["name", "email", "phone", "subject", "message"]);
  });
});

describe("bidi marks from Hebrew and Arabic input methods (issue 34)", () => {
  const LRM = "\u200e";
  const RLM = "\u200f";
  const ALM = "\u061c";

  it("accepts LRM, RLM and ALM in the text fields and keeps them as typed", () => {
    const typed = {
      ...valid,
      name: `דוד${RLM} כהן${LRM}`,
      subject: `${ALM}عرض (Leasing)${RLM}`,
      message: `שלום${RLM}, 3 agents${LRM}.\nمرحبا${ALM}`,
    };
    expect(checkContact(typed)).toEqual({ ok: true, message: typed });
  });

  it("accepts them in the email and phone, which reach the provider without them", () => {
    const check = checkContact({
      ...valid,
      email: `${LRM}ada${RLM}@example.com${ALM}`,
      phone: `${LRM}+972 (3) 555-1234${RLM}`,
    });
    expect(check).toEqual({ ok: true, message: { ...valid, email: "ada@example.com", phone: "97235551234" } });
  });

  it("still refuses the embeddings, overrides and isolates, next to a mark or not", () => {
    for (const char of ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]) {
      expect(errorsFor({ name: `Ada${RLM}${char}Lovelace` })).toEqual({ name: fieldMessages.nameControl });
      expect(errorsFor({ email: `ada${char}@example.com` })).toEqual({ email: fieldMessages.emailControl });
      expect(errorsFor({ phone: `${LRM}1234${char}567` })).toEqual({ phone: fieldMessages.phoneControl });
      expect(errorsFor({ subject: `Hi${char}` })).toEqual({ subject: fieldMessages.subjectControl });
      expect(errorsFor({ message: `Hello${ALM}${char}` })).toEqual({ message: fieldMessages.messageControl });
    }
  });

  it("a mark is no digit and no address: a number or address of marks alone still fails", () => {
    expect(errorsFor({ phone: `${LRM}${RLM}` })).toEqual({ phone: "Invalid phone number." });
    expect(errorsFor({ email: `${RLM}@${LRM}` })).toEqual({ email: "Invalid email format." });
  });
});

describe("contactFieldErrors", () => {
  it("keeps the first message of each field and ignores issues without a field", () => {
    const result = contactSchema.safeParse({ ...valid, email: "" });
    expect(result.success).toBe(false);
    if (!result.success) expect(contactFieldErrors(result.error)).toEqual({ email: "Email is required." });
    const root = contactSchema.safeParse([]);
    if (!root.success) expect(contactFieldErrors(root.error)).toEqual({});
  });
});

describe("docs/product.md section 8 texts", () => {
  it("are verbatim", () => {
    expect(responseMessages).toEqual({
      sent: "Your message has been sent successfully!",
      toast: "Query send successfully!",
      failed: "Something went wrong. Please try again.",
      network: "Network error. Please try again later.",
    });
  });
});

describe("readContactPageData", () => {
  it("reads values and errors, and nothing from malformed data", () => {
    expect(readContactPageData(undefined)).toBeUndefined();
    expect(readContactPageData({ errors: {} })).toBeUndefined();
    expect(
      readContactPageData({ values: { name: "Ada", email: 3 }, errors: { name: "x", bogus: "y", phone: 5 } }),
    ).toEqual({
      values: { name: "Ada", email: "", phone: "", subject: "", message: "" },
      errors: { name: "x" },
      failed: false,
    });
  });
});
