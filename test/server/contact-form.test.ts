import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHandler } from "../../server/handler.ts";
import { testConfig } from "../../scripts/harness/config.ts";
import { refusals, relayErrors } from "../../server/contact/relayErrors.ts";
import { keptJobs } from "../helpers/queueStore.ts";
import { startUpstream, type FakeUpstream } from "../../scripts/harness/contactUpstream.ts";
import { company } from "../../shared/data/company.ts";
import { contactFieldTable } from "../../shared/contactMessages.ts";
import { validContact } from "../helpers/contactForm.ts";

// The same form with JavaScript off (or before it): a urlencoded post to the page's own URL,
// answered by a redirect or the page itself, so the visitor never leaves /Contact.
const PATH = "/Contact";
const API = "/api/Geography/addContactUs";
const valid = validContact;

let dir: string;
let upstream: FakeUpstream;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "contact-form-"));
  upstream = await startUpstream();
});
afterAll(async () => {
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

const app = (env: Record<string, string> = {}) =>
  createHandler(testConfig({ RATE_LIMIT_MAX: "1000", CONTACT_QUEUE_FILE: join(dir, "queue.sqlite"), ...env }));

/** The page data the server handed the browser (#ssr-data). */
function ssrData(html: string) {
  const json = /<script type="application\/json" id="ssr-data">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(json ?? "null") as { pageData?: unknown };
}

describe("no-JavaScript form post", () => {
  it("redirects 303 to /Contact?sent=1 on success, and that page shows the success status", async () => {
    const server = app();
    const res = await request(server).post(PATH).type("form").send(valid);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe("/Contact?sent=1");
    expect(keptJobs(join(dir, "queue.sqlite")).map((job) => job.contact.name)).toContain("Ada Lovelace");

    const page = await request(server).get("/Contact?sent=1");
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<p role="status"[^>]*>Your message has been sent successfully!<\/p>/);
    const plain = await request(server).get("/Contact");
    expect(plain.text).toMatch(/<p role="status"[^>]*><\/p>/);
  });

  it("re-renders the Contact page with status 400, the messages, the typed values and focus on the first to fix", async () => {
    const typed = {
      ...valid,
      name: "   ",
      email: "ada-at-example",
      phone: "12 34",
      message: 'Hi <script>alert("x")</script> & bye',
    };
    const res = await request(app()).post(PATH).type("form").send(typed);
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("no-store");
    const html = res.text;
    expect(html).toContain("<h1");
    expect(html).toContain("Contact Us</h1>");
    for (const message of ["Name is required.", "Invalid email format.", "Invalid phone number."])
      expect(html).toContain(message);
    expect(html).not.toContain("Subject is required.");
    expect(html).toMatch(/<input[^>]*id="contact-email"[^>]*value="ada-at-example"/);
    expect(html).toMatch(/<input[^>]*id="contact-subject"[^>]*value="Leasing"/);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="contact-name-error"/);
    expect(html).toContain('id="contact-name-error"');
    expect(html).not.toContain('<script>alert("x")</script>');
    expect(html).toContain("Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; bye</textarea>");
    expect(ssrData(html).pageData).toEqual({
      values: typed,
      errors: { name: "Name is required.", email: "Invalid email format.", phone: "Invalid phone number." },
    });
    // HTML autofocus: focus lands on the first invalid field with or without the page's script.
    expect(html.match(/<(input|textarea)[^>]*autofocus/g)?.map((tag) => /id="([^"]+)"/.exec(tag)?.[1])).toEqual([
      "contact-name",
    ]);
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/Contact"');
  });

  it("lands on the sent page when the provider is down: the message is queued, not lost", async () => {
    upstream.mode = 500;
    const res = await request(app({ CONTACT_UPSTREAM_URL: upstream.url }))
      .post(PATH)
      .type("form")
      .send(valid);
    expect([res.status, res.headers.location]).toEqual([303, "/Contact?sent=1"]);
    upstream.mode = 200;
  });

  it("re-renders with the failure status and the values when the message could not be kept (503)", async () => {
    const blocker = join(dir, "not-a-folder");
    writeFileSync(blocker, "");
    upstream.mode = 503;
    const res = await request(
      app({ CONTACT_UPSTREAM_URL: upstream.url, CONTACT_QUEUE_FILE: join(blocker, "q.sqlite") }),
    )
      .post(PATH)
      .type("form")
      .send({ ...valid, subject: "Provider down" });
    expect(res.status).toBe(503);
    expect(res.text).toMatch(/<p role="status"[^>]*>Something went wrong. Please try again.<\/p>/);
    expect(res.text).toMatch(/<input[^>]*id="contact-name"[^>]*value="Ada Lovelace"/);
    upstream.mode = 200;
  });

  it("answers a rate-limited post with the page kept for it: 429, why, and the way back to the form", async () => {
    const server = app({ RATE_LIMIT_MAX: "1" });
    expect((await request(server).post(PATH).type("form").send(valid)).status).toBe(303);
    const res = await request(server)
      .post(PATH)
      .type("form")
      .send({ ...valid, subject: "Second try" });
    expect(res.status).toBe(429);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["retry-after"]).toBe("60");
    expect(res.text).toMatch(new RegExp(`<p role="alert">${relayErrors.rateLimited}</p>`));
    expect(res.text).toMatch(/<a [^>]*href="\/Contact"[^>]*>Back to the Contact form<\/a>/);
    expect(res.text).toContain('<meta name="robots" content="noindex">');
  });

  it("takes a 5,000-character message in a 3-byte script (9 bytes a character form-encoded)", async () => {
    const message = "中".repeat(5000);
    const res = await request(app())
      .post(PATH)
      .type("form")
      .send(new URLSearchParams({ ...valid, message }).toString());
    expect([res.status, res.headers.location]).toEqual([303, "/Contact?sent=1"]);
    expect(keptJobs(join(dir, "queue.sqlite")).map((job) => job.contact.message)).toContain(message);
  });

  it("over the limit: the page kept for it (HTML, 413) with the reason; Back keeps what was typed", async () => {
    for (const message of ["中".repeat(7000), "x".repeat(300 * 1024)]) {
      const res = await request(app())
        .post(PATH)
        .type("form")
        .send(new URLSearchParams({ ...valid, message }).toString());
      expect(res.status).toBe(413);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.text).toContain(refusals.too_large.page);
      expect(refusals.too_large.page).toContain("5,000 characters");
    }
  });

  it("sends a form posted to the API by a page from before to /Contact, body and all (307)", async () => {
    const res = await request(app()).post(API).type("form").send(valid);
    expect([res.status, res.headers.location]).toEqual([307, "/Contact"]);
    const json = await request(app()).post(PATH).send(valid);
    expect(json.status).toBe(415);
  });

  it("renders the form as a plain post to its own page that works without JavaScript", async () => {
    const res = await request(app()).get("/Contact");
    const form = /<form[^>]*>/.exec(res.text)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/Contact"');
    for (const field of ["name", "email", "phone", "subject"])
      expect(res.text).toMatch(new RegExp(`<input[^>]*name="${field}"`));
    expect(res.text).toMatch(/<textarea[^>]*name="message"/);
    expect(res.text).toMatch(/<label[^>]*for="contact-phone"[^>]*>Phone number<\/label>/);
    // The digits-only rule is said before anyone gets it wrong, and read with the field.
    expect(res.text).toMatch(
      /<input[^>]*aria-describedby="contact-phone-hint"[^>]*name="phone"|<input[^>]*name="phone"[^>]*aria-describedby="contact-phone-hint"/,
    );
    expect(res.text).toContain(`<p id="contact-phone-hint" class="field__hint">${contactFieldTable.phone.hint}</p>`);
    const visibleText = res.text.replace(/<[^>]+>/g, "");
    for (const text of [
      ...company.openingHours.map(({ days, hours }) => `${days} ${hours}`),
      company.email,
      company.phone,
      company.address[0]!,
    ]) {
      expect(visibleText).toContain(text);
    }
  });
});
