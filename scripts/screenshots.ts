// Full-page screenshots of every route at 375, 768 and 1280 px into reports/screenshots/<label>/
// (reports/ is git-ignored). Run `npm run build` first: the server serves the built assets.
// Usage: npm run screenshots -- [--label before|after] [--scheme light] [routeId ...]
// (label defaults to "latest"; the scheme to dark, the site's own: the light one is what a system
// that prefers light gets, shot into latest-light/ unless a label is given)
// It also prints each page's height, so the phone-length target can be checked by eye, and (on a
// full run) adds page-bottom-<width>.png (scroll-to-top ring beside the footer) and
// toast-<width>.png (a toast over the page) as the screen shows them.
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { routeById, siteRoutes } from "../shared/site.ts";
import { launchBrowser, newPage, viewports, waitForHydration } from "./harness/browser.ts";
import { startServer } from "./harness/handlerServer.ts";
import { startUpstream } from "./harness/contactUpstream.ts";

const args = process.argv.slice(2);
/** The value after `--name`, if given. */
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const colorScheme = option("--scheme") === "light" ? "light" : "dark";
const label = option("--label") ?? (colorScheme === "light" ? "latest-light" : "latest");
// Route ids: whatever is neither an option nor an option's value.
const only = args.filter((arg, i) => !arg.startsWith("--") && !args[i - 1]?.startsWith("--"));
const widths = { mobile: viewports.mobile, tablet: { width: 768, height: 1024 }, desktop: viewports.desktop };

const out = `reports/screenshots/${label}`;
await mkdir(out, { recursive: true });
// The toast shots send the contact form once per width, to a local provider that takes it at
// once (the toast is for its 200); the queue file is a throwaway.
const outbox = await mkdtemp(join(tmpdir(), "screenshots-"));
const upstream = await startUpstream(200);
const [browser, server] = await Promise.all([
  launchBrowser(),
  startServer({ CONTACT_QUEUE_FILE: join(outbox, "queue.sqlite"), CONTACT_UPSTREAM_URL: upstream.url }),
]);
try {
  for (const viewport of Object.values(widths)) {
    const { context, page } = await newPage(browser, viewport, { reducedMotion: "reduce", colorScheme });
    // One untimed load first, as \`npm run audit\` does: the typeface is \`font-display: optional\`,
    // so on this busy machine the very first page of a fresh browser could be laid out before
    // the preloaded font was in memory and be shot in the fallback face, which a visitor sees
    // only on a first visit's slowest loads (docs/architecture.md, "Loading").
    await page.goto(server.url + "/", { waitUntil: "networkidle" });
    // Every route, and the not-found page an unknown URL shows.
    const shots = [...siteRoutes, { id: "not-found", path: "/no-such-page" }];
    for (const route of shots.filter((r) => only.length === 0 || only.includes(r.id))) {
      await page.goto(server.url + route.path, { waitUntil: "networkidle" });
      await waitForHydration(page);
      // Bring lazy content into view once so it renders as a visitor would see it.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForTimeout(300);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const file = `${out}/${route.id}-${viewport.width}.png`;
      // Shot through a viewport as tall as the page: the browser renders only what is near the
      // viewport (content-visibility, docs/decisions/009), and a full-page shot through the
      // visitor's viewport would show the rest of the page blank.
      await page.setViewportSize({ width: viewport.width, height });
      await page.waitForTimeout(300);
      await page.screenshot({ path: file, fullPage: true });
      await page.setViewportSize(viewport);
      console.log(`${file}\t${height} px tall`);
    }
    if (only.length === 0) {
      // What a full-page shot cannot show: the page bottom with the scroll-to-top ring in view,
      // and a toast over the page, as the visitor's screen shows them.
      await page.goto(server.url + "/", { waitUntil: "networkidle" });
      await waitForHydration(page);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.locator(".scroll-top[data-visible]").waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${out}/page-bottom-${viewport.width}.png` });
      await page.goto(server.url + routeById("contact").path, { waitUntil: "networkidle" });
      await waitForHydration(page);
      const fields = {
        Name: "Ada Lovelace",
        Email: "ada@example.com",
        "Phone number": "4420389041",
        Subject: "Screenshots",
        Message: "Hello.",
      };
      for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.locator(".Toastify__toast").waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${out}/toast-${viewport.width}.png` });
      console.log(`${out}/page-bottom-${viewport.width}.png, ${out}/toast-${viewport.width}.png`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
  await upstream.close();
  await rm(outbox, { recursive: true, force: true });
}
