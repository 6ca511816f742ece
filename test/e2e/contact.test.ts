import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { relayErrors } from "../../server/contact/relayErrors.ts";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newPage, viewports, waitForHydration, watchConsole } from "../../scripts/harness/browser.ts";
import { startServer, type RunningServer } from "../../scripts/harness/handlerServer.ts";
import { startUpstream, type FakeUpstream } from "../../scripts/harness/contactUpstream.ts";

const valid = {
  Name: "Ada Lovelace",
  Email: "ada@example.com",
  // As people write it: the provider gets the digits alone (shared/contact.ts normalizePhone).
  "Phone number": "+44 (20) 3890-41",
  Subject: "Leasing",
  Message: "Hello there.",
};
const SENT = "Your message has been sent successfully!";

let browser: Browser;
let server: RunningServer;
let upstream: FakeUpstream;
let dir: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "contact-e2e-"));
  upstream = await startUpstream();
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({
      CONTACT_UPSTREAM_URL: upstream.url,
      RATE_LIMIT_MAX: "1000",
      CONTACT_QUEUE_FILE: join(dir, "queue.sqlite"),
    }),
  ]);
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  upstream.received.length = 0;
  upstream.mode = 200;
  upstream.delayMs = 0;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Waits until a toast would have shown: sending mounts the toasts' container (client/toast.ts),
 * and a toast asked for then waits only for the stylesheets, and shows a frame or two later.
 */
async function noToastComing(page: Page): Promise<void> {
  await page.locator('section[aria-label^="Notifications"]').waitFor({ state: "attached" });
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
  );
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

async function open(
  options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number }; path?: string } = {},
) {
  const { context, page } = await newPage(browser, options.viewport ?? viewports.desktop, {
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  contexts.push(context);
  const problems = watchConsole(page);
  await page.goto(server.url + (options.path ?? "/Contact"));
  if (options.javaScriptEnabled !== false) await waitForHydration(page);
  return { page, problems };
}

async function fill(page: Page, values: Record<string, string> = valid) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe("Contact form with JavaScript", () => {
  it("loads zod only once the form is used, then shows errors, focuses the first and clears each on edit", async () => {
    const { page, problems } = await open();
    const scripts: string[] = [];
    page.on("response", async (res) => {
      if (res.url().endsWith(".js")) scripts.push(await res.text().catch(() => ""));
    });
    // Everything that loaded with the page (the entry and the route chunks) is free of zod.
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => e.name)
        .filter((n) => n.endsWith(".js")),
    );
    for (const url of loaded)
      expect(await (await fetch(url.replace(/^https?:\/\/[^/]+/, server.url))).text(), url).not.toContain("$ZodObject");

    await page.getByRole("button", { name: "Send Message" }).click();
    for (const message of [
      "Name is required.",
      "Email is required.",
      "Phone number is required.",
      "Subject is required.",
      "Message is required.",
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    expect(scripts.some((s) => s.includes("$ZodObject"))).toBe(true);
    expect(await field(page, "Name").evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field(page, "Name").getAttribute("aria-invalid")).toBe("true");
    const describedBy = await field(page, "Email").getAttribute("aria-describedby");
    expect(await page.locator(`#${describedBy}`).textContent()).toBe("Email is required.");

    await field(page, "Name").fill("Ada");
    await page.getByText("Name is required.").waitFor({ state: "detached" });
    expect(await field(page, "Name").getAttribute("aria-invalid")).toBeNull();
    expect(await page.getByText("Email is required.").count()).toBe(1);

    await field(page, "Email").fill("ada@example");
    await field(page, "Phone number").fill("12 34 56");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Invalid email format.").waitFor();
    await page.getByText("Invalid phone number.").waitFor();
    expect(await field(page, "Email").evaluate((el) => el === document.activeElement)).toBe(true);
    expect(upstream.received).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("keeps what a visitor typed before React arrived, and sends it", async () => {
    const { context, page } = await newPage(browser, viewports.mobile);
    contexts.push(context);
    const problems = watchConsole(page);
    // React's chunks held back: the first fields are typed into the server's HTML.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/chunk-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(server.url + "/Contact");
    await field(page, "Name").fill(valid.Name);
    await field(page, "Email").fill(valid.Email);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    release();
    await waitForHydration(page);
    expect(await field(page, "Name").inputValue()).toBe(valid.Name);
    expect(await field(page, "Email").inputValue()).toBe(valid.Email);
    await fill(page, { "Phone number": valid["Phone number"], Subject: valid.Subject, Message: valid.Message });
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText(SENT).waitFor();
    expect(JSON.parse(upstream.received.at(-1)!.body)).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
    });
    expect(problems).toEqual([]);
  });

  it("on a 200: sends once, shows sending, then resets the form, the status and the toast", async () => {
    const { page, problems } = await open();
    await fill(page);
    upstream.delayMs = 400;
    const button = page.getByRole("button", { name: "Send Message" });
    await button.click();
    const sending = page.getByRole("button", { name: "Sending…" });
    await sending.waitFor();
    expect(await sending.getAttribute("aria-disabled")).toBe("true");
    await sending.click({ force: true });
    await page.getByText(SENT).waitFor();
    await page.getByText("Query send successfully!").waitFor();
    expect(upstream.received).toHaveLength(1);
    expect(JSON.parse(upstream.received[0]!.body)).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "4420389041",
      subject: "Leasing",
      message: "Hello there.",
    });
    for (const label of Object.keys(valid)) expect(await field(page, label).inputValue(), label).toBe("");
    expect(await page.locator("[aria-invalid]").count()).toBe(0);
    expect(await page.locator(".contact-form__status").getAttribute("role")).toBe("status");
    expect(problems).toEqual([]);
  });

  it("on a provider 201: shows the status without a toast (the toast is for exactly 200)", async () => {
    // The real relay passes the provider's 201 through to the browser.
    upstream.mode = 201;
    const { page } = await open();
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/Geography/addContactUs"));
    await fill(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await answered).status()).toBe(201);
    await page.getByText(SENT).waitFor();
    await noToastComing(page);
    expect(await page.getByText("Query send successfully!").count()).toBe(0);
    expect(upstream.received).toHaveLength(1);
  });

  it("with the provider down: the message is queued (202), the status says sent, no toast", async () => {
    upstream.mode = 500;
    const { page, problems } = await open();
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/Geography/addContactUs"));
    await fill(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await answered).status()).toBe(202);
    await page.getByText(SENT).waitFor();
    for (const label of Object.keys(valid)) expect(await field(page, label).inputValue(), label).toBe("");
    await noToastComing(page);
    expect(await page.getByText("Query send successfully!").count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("when nothing took the message (503): says something went wrong and keeps the typed values", async () => {
    const { page } = await open();
    await page.route("**/api/Geography/addContactUs", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"x"}' }),
    );
    await fill(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Something went wrong. Please try again.").waitFor();
    for (const [label, value] of Object.entries(valid)) expect(await field(page, label).inputValue()).toBe(value);
    expect(await page.getByRole("button", { name: "Send Message" }).getAttribute("aria-disabled")).toBeNull();
  });

  it("when the queue is full (503 with Retry-After): says so in the relay's words and keeps the typed values", async () => {
    const { page } = await open();
    await page.route("**/api/Geography/addContactUs", (route) =>
      route.fulfill({
        status: 503,
        headers: { "retry-after": "60" },
        contentType: "application/json",
        body: JSON.stringify({ error: relayErrors.queueFull }),
      }),
    );
    await fill(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText(relayErrors.queueFull).waitFor();
    for (const [label, value] of Object.entries(valid)) expect(await field(page, label).inputValue()).toBe(value);
  });

  it("on a network failure: shows the network message, keeps the values, and a resend is the same message", async () => {
    const { page } = await open();
    const keys: Array<string | undefined> = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/Geography/addContactUs")) keys.push(r.headers()["idempotency-key"]);
    });
    await page.route("**/api/Geography/addContactUs", (route) => route.abort("internetdisconnected"));
    await fill(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Network error. Please try again later.").waitFor();
    for (const [label, value] of Object.entries(valid)) expect(await field(page, label).inputValue()).toBe(value);
    expect(upstream.received).toEqual([]);
    // Sent again as it is: the same Idempotency-Key, so the server could tell a lost answer apart.
    await page.unroute("**/api/Geography/addContactUs");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText(SENT).waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(upstream.received[0]!.headers["idempotency-key"]).toMatch(/^m[0-9a-f]{32}$/);
  });

  it("shows the success status on /Contact?sent=1 after hydration, with no warning", async () => {
    const { page, problems } = await open({ path: "/Contact?sent=1" });
    expect(await page.locator(".contact-form__status").textContent()).toBe(SENT);
    expect(problems).toEqual([]);
  });

  // Scoped to <main>: the header and footer are shared by every route and checked there.
  it("has no axe violations in the page content with errors and status shown, at 1280 and 375 px", async () => {
    const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    for (const viewport of [viewports.desktop, viewports.mobile]) {
      const { page } = await open({ viewport });
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByText("Name is required.").waitFor();
      await page.evaluate(axeSource);
      const violations = await page.evaluate(async () => {
        const result = await (
          window as unknown as {
            axe: { run(context: Element): Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
          }
        ).axe.run(document.querySelector("main")!);
        return result.violations.map(
          (v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => (n as { target: unknown }).target))}`,
        );
      });
      expect(violations, `${viewport.width}px`).toEqual([]);
    }
  });
});

describe("Contact form submitted before the script ran", () => {
  it("hydrates the returned error page as the Contact page, at /Contact, without a mismatch", async () => {
    const { context, page } = await newPage(browser, viewports.desktop);
    contexts.push(context);
    // Scripts blocked on the first load stand in for a visitor faster than a slow network.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(server.url + "/Contact");
    await page.unroute("**/assets/*.js");
    const problems = watchConsole(page);
    await field(page, "Email").fill("ada-at-example");
    const [response] = await Promise.all([
      page.waitForNavigation(),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(response?.status()).toBe(400);
    // The post went to the page's own URL: the address bar never shows the API.
    expect(response?.url()).toBe(server.url + "/Contact");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("contact-name");
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe("/Contact");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("contact-name");
    expect(await page.locator("h1").textContent()).toBe("Contact Us");
    expect(await field(page, "Email").inputValue()).toBe("ada-at-example");
    await page.getByText("Invalid email format.").waitFor();
    // Now hydrated: editing clears the error as usual.
    await field(page, "Email").fill("ada@example.com");
    await page.getByText("Invalid email format.").waitFor({ state: "detached" });
    expect(problems.filter((p) => !p.includes("status of 400"))).toEqual([]);
  });
});

describe("Contact form without JavaScript", () => {
  it("posts the form: errors come back on the page with the typed values, success lands on ?sent=1", async () => {
    const { page } = await open({ javaScriptEnabled: false });
    await field(page, "Email").fill("ada-at-example");
    const [invalid] = await Promise.all([
      page.waitForNavigation(),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(invalid?.status()).toBe(400);
    for (const message of [
      "Name is required.",
      "Invalid email format.",
      "Phone number is required.",
      "Subject is required.",
      "Message is required.",
    ]) {
      expect(await page.getByText(message, { exact: true }).count(), message).toBe(1);
    }
    expect(await field(page, "Email").inputValue()).toBe("ada-at-example");
    expect(await field(page, "Email").getAttribute("aria-invalid")).toBe("true");
    expect(new URL(page.url()).pathname).toBe("/Contact");
    // Focus on the first field to fix, with no script at all (HTML autofocus). The browser moves
    // it at its next rendering update, which a loaded machine may not have reached yet.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("contact-name");
    expect(upstream.received).toEqual([]);

    await fill(page);
    const [sent] = await Promise.all([
      page.waitForNavigation(),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(sent?.status()).toBe(200);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/Contact?sent=1");
    expect(await page.locator(".contact-form__status").textContent()).toBe(SENT);
    expect(upstream.received).toHaveLength(1);
    expect(JSON.parse(upstream.received[0]!.body).name).toBe("Ada Lovelace");
  });

  it("sends a 5,000-character Chinese message (45 KB form-encoded) and lands on ?sent=1", async () => {
    const { page } = await open({ javaScriptEnabled: false });
    const message = "你好世界".repeat(1250);
    await fill(page, { ...valid, Subject: "咨询租用智能体", Message: message });
    const [sent] = await Promise.all([
      page.waitForNavigation(),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(sent?.status()).toBe(200);
    expect(new URL(page.url()).search).toBe("?sent=1");
    expect(await page.locator(".contact-form__status").textContent()).toBe(SENT);
    expect(JSON.parse(upstream.received[0]!.body)).toMatchObject({ subject: "咨询租用智能体", message });
  });
});
