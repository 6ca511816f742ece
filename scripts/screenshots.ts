// Full-page screenshots of every route at 375, 768 and 1280 px into reports/screenshots/<label>/
// (reports/ is git-ignored). Run `npm run build` first: the server serves the built assets.
// Usage: npm run screenshots -- [--label before|after] [routeId ...]   (label defaults to "latest")
// It also prints each page's height, so the phone-length target can be checked by eye.
import { mkdir } from "node:fs/promises";
import { siteRoutes } from "../shared/site.ts";
import { launchBrowser, viewports } from "../test/helpers/browser.ts";
import { startServer } from "../test/helpers/server.ts";

const args = process.argv.slice(2);
const labelAt = args.indexOf("--label");
const label = labelAt >= 0 ? args[labelAt + 1] : "latest";
const only = labelAt >= 0 ? args.filter((_, i) => i !== labelAt && i !== labelAt + 1) : args;
const widths = { mobile: viewports.mobile, tablet: { width: 768, height: 1024 }, desktop: viewports.desktop };

const out = `reports/screenshots/${label}`;
await mkdir(out, { recursive: true });
const [browser, server] = await Promise.all([launchBrowser(), startServer()]);
try {
  for (const [name, viewport] of Object.entries(widths)) {
    const context = await browser.newContext({ viewport, reducedMotion: "reduce" });
    const page = await context.newPage();
    for (const route of siteRoutes.filter((r) => only.length === 0 || only.includes(r.id))) {
      await page.goto(server.url + route.path, { waitUntil: "networkidle" });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
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
      await page.screenshot({ path: file, fullPage: true });
      console.log(`${file}\t${height} px tall`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
