import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { checkContact } from "../../shared/contact.ts";
import { contactFields, fieldMessages, type ContactField } from "../../shared/contactMessages.ts";

// The forbidden characters, written out here from the rule (not taken from shared/contact.ts).
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
const C0 = range(0x00, 0x1f);
const DEL = ["\u007f"];
const C1 = range(0x80, 0x9f);
// Embeddings, overrides and isolates; the plain marks (LRM, RLM, ALM) are allowed (test/unit/contact.test.ts).
const BIDI = [...range(0x202a, 0x202e), ...range(0x2066, 0x2069)];
const SEPARATORS = ["\u2028", "\u2029"];
const FORBIDDEN = [...C0, ...DEL, ...C1, ...BIDI, ...SEPARATORS];
/** Line breaks keep their older message in the single-line fields; the message may hold CR and LF. */
const LINE_BREAKS = new Set(["\r", "\n", "\u2028", "\u2029"]);
const MESSAGE_ALLOWS = new Set(["\t", "\r", "\n"]);

const valid: Record<ContactField, string> = {
  name: "Ada Lovelace",
  email: "ada.lovelace@example.com",
  phone: "4420389041",
  subject: "Leasing",
  message: "Hello there.",
};
const errorsFor = (patch: Partial<Record<ContactField, unknown>>) => {
  const result = checkContact({ ...valid, ...patch });
  return result.ok ? {} : result.errors;
};
/** The field's valid value with `inserted` after its first character (so trimming cannot drop it). */
const withInside = (field: ContactField, inserted: string, at = 1) =>
  valid[field].slice(0, at) + inserted + valid[field].slice(at);

const control: Record<ContactField, string> = {
  name: fieldMessages.nameControl,
  email: fieldMessages.emailControl,
  phone: fieldMessages.phoneControl,
  subject: fieldMessages.subjectControl,
  message: fieldMessages.messageControl,
};
const lineBreak: Record<Exclude<ContactField, "message">, string> = {
  name: fieldMessages.nameMultiline,
  email: fieldMessages.emailInvalid,
  phone: fieldMessages.phoneInvalid,
  subject: fieldMessages.subjectMultiline,
};

/** What the field says about one forbidden character inside an otherwise valid value. */
function expectedFor(field: ContactField, char: string): string | undefined {
  if (field === "message") return MESSAGE_ALLOWS.has(char) ? undefined : control.message;
  return LINE_BREAKS.has(char) ? lineBreak[field] : control[field];
}

const hex = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;

describe("control characters: one message per field", () => {
  it("has the five texts, each its own", () => {
    expect(control).toEqual({
      name: "Name must not contain control characters.",
      email: "Email must not contain control characters.",
      phone: "Phone number must not contain control characters.",
      subject: "Subject must not contain control characters.",
      message: "Message must not contain control characters.",
    });
    expect(new Set(Object.values(fieldMessages)).size).toBe(Object.values(fieldMessages).length);
  });

  it.each([
    ["C0: NUL", "\u0000"],
    ["C0: BEL", "\u0007"],
    ["C0: backspace", "\b"],
    ["C0: vertical tab", "\v"],
    ["C0: form feed", "\f"],
    ["C0: ESC (terminal escapes)", "\u001b"],
    ["C0: unit separator", "\u001f"],
    ["DEL", "\u007f"],
    ["C1: first", "\u0080"],
    ["C1: NEL", "\u0085"],
    ["C1: CSI", "\u009b"],
    ["C1: last", "\u009f"],
    ["bidi embedding: LRE", "\u202a"],
    ["bidi pop: PDF", "\u202c"],
    ["bidi override: RLO", "\u202e"],
    ["bidi isolate: LRI", "\u2066"],
    ["bidi isolate: PDI", "\u2069"],
  ])("%s: refused in every field with its control message", (_, char) => {
    for (const field of contactFields)
      expect(errorsFor({ [field]: withInside(field, char) })).toEqual({ [field]: control[field] });
  });

  it("tab: allowed in the message only", () => {
    expect(errorsFor({ name: "Ada\tLovelace" })).toEqual({ name: fieldMessages.nameControl });
    expect(errorsFor({ email: "ada\t@example.com" })).toEqual({ email: fieldMessages.emailControl });
    expect(errorsFor({ phone: "123\t4567" })).toEqual({ phone: fieldMessages.phoneControl });
    expect(errorsFor({ subject: "Lea\tsing" })).toEqual({ subject: fieldMessages.subjectControl });
    expect(checkContact({ ...valid, message: "a\tb" })).toEqual({ ok: true, message: { ...valid, message: "a\tb" } });
  });

  it("CR, LF and the Unicode separators: the single-line fields keep their line-break messages", () => {
    for (const char of ["\r", "\n", "\r\n", "\u2028", "\u2029"]) {
      expect(errorsFor({ name: `Ada${char}Lovelace` })).toEqual({ name: fieldMessages.nameMultiline });
      expect(errorsFor({ subject: `Hi${char}Bcc: x@example.com` })).toEqual({
        subject: fieldMessages.subjectMultiline,
      });
      expect(errorsFor({ email: `ada@example.com${char}bcc@example.com` })).toEqual({
        email: fieldMessages.emailInvalid,
      });
      expect(errorsFor({ phone: `1234567${char}8` })).toEqual({ phone: fieldMessages.phoneInvalid });
    }
    // A line break wins over another control character, wherever each is.
    expect(errorsFor({ name: "Ada\n\u0000Lovelace" })).toEqual({ name: fieldMessages.nameMultiline });
    expect(errorsFor({ name: "Ada\u0000\nLovelace" })).toEqual({ name: fieldMessages.nameMultiline });
  });

  it("the message: CR, LF and CRLF are line breaks, U+2028 and U+2029 are refused", () => {
    expect(errorsFor({ message: "one\u2028two" })).toEqual({ message: fieldMessages.messageControl });
    expect(errorsFor({ message: "one\u2029two" })).toEqual({ message: fieldMessages.messageControl });
    for (const [sent, kept] of [
      ["one\r\ntwo", "one\ntwo"],
      ["one\rtwo", "one\ntwo"],
      ["one\ntwo", "one\ntwo"],
      ["one\r\n\r\ntwo\r\rthree\n\r", "one\n\ntwo\n\nthree"],
    ]) {
      expect(checkContact({ ...valid, message: sent })).toEqual({ ok: true, message: { ...valid, message: kept } });
    }
  });

  it("counts a CRLF as one character against the message's length", () => {
    const sent = "a\r\n".repeat(2500); // 7500 characters sent, 4999 once trimmed and normalised
    const result = checkContact({ ...valid, message: sent });
    expect(result.ok && result.message.message).toBe(`${"a\n".repeat(2499)}a`);
    expect(errorsFor({ message: `${"a\r\n".repeat(2500)}bc` })).toEqual({ message: fieldMessages.messageTooLong });
  });

  it("refuses a control character at either end that trimming does not remove", () => {
    for (const char of ["\u0000", "\u001c", "\u001f", "\u0085", "\u2066", "\u202e"]) {
      expect(errorsFor({ name: `${char}Ada` })).toEqual({ name: fieldMessages.nameControl });
      expect(errorsFor({ message: `Hello${char}` })).toEqual({ message: fieldMessages.messageControl });
    }
    // Whitespace at the ends (tab, line breaks) is trimmed away, as before.
    expect(errorsFor({ name: "\tAda\r\n", subject: "\u2028Hi\u2029" })).toEqual({});
  });

  it("lets through the neighbours of the forbidden ranges and ordinary non-Latin text", () => {
    expect(
      errorsFor({
        name: "Ada\u00a0Lovelace ~ \u200dسارا\u202fדוד\u2027\u2065\u206a👩‍💻",
        subject: "Café \u2010 東京 \u200b\u200c\u200d",
        message: "Ünïcödé ✓\n\tmit Tab\r\nund CRLF ~",
      }),
    ).toEqual({});
  });

  it(`refuses each of the ${FORBIDDEN.length} characters in each field, with that field's message`, () => {
    for (const char of FORBIDDEN) {
      for (const field of contactFields) {
        const expected = expectedFor(field, char);
        expect(errorsFor({ [field]: withInside(field, char) }), `${field} with ${hex(char)}`).toEqual(
          expected === undefined ? {} : { [field]: expected },
        );
      }
    }
  });
});

describe("control characters: properties", () => {
  const FORBIDDEN_ANYWHERE = new RegExp(
    `[${FORBIDDEN.map(hex)
      .map((u) => `\\u${u.slice(2)}`)
      .join("")}]`,
    "g",
  );
  /** Any code points (the whole Unicode range) without a forbidden character. */
  const safeText = (maxLength: number) =>
    fc.string({ unit: "binary", maxLength }).map((text) => text.replace(FORBIDDEN_ANYWHERE, ""));
  /** Forbidden characters the field answers with its control message (not the line-break ones). */
  const controlFor = (field: ContactField) =>
    FORBIDDEN.filter((char) => (field === "message" ? !MESSAGE_ALLOWS.has(char) : !LINE_BREAKS.has(char)));

  it("any field holding a forbidden character fails with that field's control message", () => {
    const arbitrary = fc.constantFrom(...contactFields).chain((field) =>
      fc.record({
        field: fc.constant(field),
        // Safe text and forbidden characters, interleaved, at least one of the latter.
        inside: fc
          .array(fc.tuple(safeText(8), fc.constantFrom(...controlFor(field))), { minLength: 1, maxLength: 3 })
          .map((pairs) => pairs.flat().join("")),
        at: fc.integer({ min: 1, max: valid[field].length - 1 }),
      }),
    );
    fc.assert(
      fc.property(arbitrary, ({ field, inside, at }) => {
        const value = withInside(field, inside, at);
        expect(errorsFor({ [field]: value })).toEqual({ [field]: control[field] });
        // ... whatever the other fields hold.
        const others = Object.fromEntries(contactFields.filter((f) => f !== field).map((f) => [f, ""]));
        const result = checkContact({ ...others, [field]: value });
        expect(!result.ok && result.errors[field]).toBe(control[field]);
      }),
    );
  });

  it("any printable message without them passes, tabs and line breaks included, and CRLF comes out as LF", () => {
    const breakOrTab = fc.constantFrom("\t", "\r\n", "\n", "\r", "\r\n\r\n");
    const message = fc
      .array(fc.oneof(safeText(20), breakOrTab), { maxLength: 30 })
      .map((parts) => `A${parts.join("")}z`);
    fc.assert(
      fc.property(message, (sent) => {
        const result = checkContact({ ...valid, message: sent });
        expect(result).toEqual({
          ok: true,
          message: { ...valid, message: sent.trim().split("\r\n").join("\n").split("\r").join("\n") },
        });
        expect(result.ok && result.message.message).not.toContain("\r");
      }),
    );
  });

  it("any printable one-line name or subject without them passes, trimmed", () => {
    fc.assert(
      fc.property(safeText(40), safeText(40), (name, subject) => {
        const sent = { ...valid, name: `A${name}`, subject: `${subject}z` };
        expect(checkContact(sent)).toEqual({
          ok: true,
          message: { ...sent, name: sent.name.trim(), subject: sent.subject.trim() },
        });
      }),
    );
  });

  it("a checked message checks again unchanged (what the relay forwards is what it accepted)", () => {
    const field = fc
      .array(fc.oneof(safeText(10), fc.constantFrom(...FORBIDDEN)), { maxLength: 8 })
      .map((p) => p.join(""));
    fc.assert(
      fc.property(field, field, (name, message) => {
        const first = checkContact({ ...valid, name: `A${name}`, message: `A${message}` });
        if (first.ok) expect(checkContact(first.message)).toEqual(first);
      }),
    );
  });
});
