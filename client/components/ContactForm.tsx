import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import {
  contactEndpoint,
  contactField,
  contactFields,
  emptyContactValues,
  honeypotField,
  responseMessages,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from "../../shared/contactMessages.ts";
import { routeById } from "../../shared/site.ts";
import { prepareToasts, showToast } from "../toast.ts";

/** Without its script (or before it), the form posts to its own page, which answers with itself. */
const contactPage = routeById("contact").path;

export type ContactStatus = "idle" | "sending" | "sent" | "failed" | "network";

// zod comes with the schema module, fetched when the visitor first touches the form (or at
// the latest on submit), so it is in no route's first-load bytes.
let schemaModule: Promise<typeof import("../../shared/contact.ts")> | undefined;
function loadSchema() {
  schemaModule ??= import("../../shared/contact.ts").catch((error: unknown) => {
    schemaModule = undefined;
    throw error;
  });
  return schemaModule;
}

const emptyValues = emptyContactValues();

const statusText: Record<ContactStatus, string> = {
  idle: "",
  sending: "",
  sent: responseMessages.sent,
  failed: responseMessages.failed,
  network: responseMessages.network,
};

const fieldId = (field: ContactField) => `contact-${field}`;
const errorId = (field: ContactField) => `contact-${field}-error`;

/** The relay's `{error}` sentence, if the answer has one. */
async function refusalReason(response: Response): Promise<string | undefined> {
  const body = (await response.json().catch(() => undefined)) as { error?: unknown } | undefined;
  return typeof body?.error === "string" ? body.error : undefined;
}
const hintId = (field: ContactField) => `contact-${field}-hint`;

/**
 * What the visitor typed before React arrived. Hydration waits for the first interaction
 * (client/entry.client.tsx), so the first fields a quick visitor fills are in the DOM only, and
 * a controlled input hydrated with an empty state would be emptied. Read once, as the form first
 * renders over the server's HTML; on the server, or when the app navigates to the page, the
 * fields are not there yet and nothing is read.
 */
function typedBeforeHydration(): ContactValues | undefined {
  if (typeof document === "undefined") return undefined;
  const typed = Object.fromEntries(
    contactFields.map((field) => [
      field,
      (document.getElementById(fieldId(field)) as HTMLInputElement | HTMLTextAreaElement | null)?.value ?? "",
    ]),
  ) as ContactValues;
  return contactFields.some((field) => typed[field] !== "") ? typed : undefined;
}

/** A random key; randomUUID needs a secure context, so plain http (a LAN preview) gets the same from getRandomValues. */
function newMessageKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

export interface ContactFormProps {
  initialValues?: ContactValues | undefined;
  initialErrors?: ContactErrors | undefined;
  initialStatus?: ContactStatus;
  /** The server's reason for a failed plain form post (rate limit, too large), shown as the status. */
  initialNotice?: string | undefined;
}

/**
 * The Get In Touch form. Without JavaScript it is a plain form post to /Contact (the server
 * validates and answers with a redirect, or this page again with the errors, focus on the first
 * one); once hydrated, submit is validated here with the same schema and sent as JSON.
 */
export function ContactForm({ initialValues, initialErrors, initialStatus = "idle", initialNotice }: ContactFormProps) {
  const [values, setValues] = useState<ContactValues>(() => typedBeforeHydration() ?? initialValues ?? emptyValues);
  const [errors, setErrors] = useState<ContactErrors>(initialErrors ?? {});
  const [status, setStatus] = useState<ContactStatus>(initialStatus);
  const [notice, setNotice] = useState(initialNotice);
  const busy = useRef(false);
  // One Idempotency-Key per filled-in form: a resend of the same form (a lost answer, a second
  // press) is the same message to the server; an edit or a sent form starts a new one.
  const messageKey = useRef<string | undefined>(undefined);
  const fields = useRef(new Map<ContactField, HTMLInputElement | HTMLTextAreaElement>());
  // The server's errors: the page opens with focus on the first field to fix (HTML autofocus).
  const [firstInvalid] = useState(() => contactFields.find((f) => initialErrors?.[f]));

  function onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const field = event.target.name as ContactField;
    const value = event.target.value;
    messageKey.current = undefined;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setNotice(undefined);
    const trap = (event.currentTarget.elements.namedItem(honeypotField) as HTMLInputElement | null)?.value ?? "";
    try {
      const { checkContact } = await loadSchema();
      const check = checkContact(values);
      if (!check.ok) {
        setErrors(check.errors);
        setStatus("idle");
        const first = contactFields.find((f) => check.errors[f]);
        if (first) fields.current.get(first)?.focus();
        return;
      }
      setErrors({});
      setStatus("sending");
      // The toast's code loads while the message travels, not after the answer.
      prepareToasts();
      messageKey.current ??= newMessageKey();
      const response = await fetch(contactEndpoint, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          "Idempotency-Key": messageKey.current,
        },
        body: JSON.stringify({ ...check.message, [honeypotField]: trap }),
      });
      if (response.ok) {
        messageKey.current = undefined;
        setValues(emptyValues);
        setErrors({});
        setStatus("sent");
        if (response.status === 200) void showToast(responseMessages.toast, "success");
      } else {
        // A refusal that says when to try again (a rate limit, a full queue) is shown in the
        // relay's words; any other failure with the form's own. What was typed stays.
        if (response.headers.has("Retry-After")) setNotice(await refusalReason(response));
        setStatus("failed");
      }
    } catch {
      setStatus("network");
    } finally {
      busy.current = false;
    }
  }

  const sending = status === "sending";
  const tone = status === "sent" ? "success" : status === "failed" || status === "network" ? "error" : "idle";

  return (
    <form
      className="contact-form"
      method="post"
      action={contactPage}
      noValidate
      aria-busy={sending || undefined}
      onSubmit={(event) => void onSubmit(event)}
      onFocus={() => void loadSchema().catch(() => {})}
    >
      <div className="contact-form__grid">
        {contactFields.map((field) => {
          const error = errors[field];
          const { label, hint, input, maxLength, uncapped } = contactField(field);
          const describedBy = [hint && hintId(field), error && errorId(field)].filter(Boolean).join(" ");
          const shared = {
            id: fieldId(field),
            name: field,
            value: values[field],
            onChange,
            required: true,
            maxLength: uncapped ? undefined : maxLength,
            autoComplete: input.autoComplete,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": describedBy || undefined,
            autoFocus: field === firstInvalid || undefined,
            className: "field__control",
            ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
              if (el) fields.current.set(field, el);
              else fields.current.delete(field);
            },
          };
          return (
            <div key={field} className={`field field--${field}`}>
              <label className="field__label" htmlFor={fieldId(field)}>
                {label}
              </label>
              {/* Under the label, so the expected form is read before typing, not after. */}
              {hint && (
                <p id={hintId(field)} className="field__hint">
                  {hint}
                </p>
              )}
              {field === "message" ? (
                <textarea {...shared} rows={6} />
              ) : (
                <input {...shared} type={input.type} inputMode={input.inputMode} />
              )}
              {error && (
                <p id={errorId(field)} className="field__error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {/* Honeypot: off-screen and out of the tab order; people leave it empty, bots fill it. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name={honeypotField} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="contact-form__actions">
        <button type="submit" className="button button--primary" aria-disabled={sending || undefined}>
          {sending ? "Sending…" : "Send Message"}
        </button>
      </div>
      <p role="status" className={`contact-form__status contact-form__status--${tone}`}>
        {status === "failed" && notice ? notice : statusText[status]}
      </p>
    </form>
  );
}
