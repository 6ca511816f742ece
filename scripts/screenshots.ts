// Screenshots of every route at 375 and 1280 px, full page, into reports/screenshots/.
// Usage: npm run screenshots (builds nothing: run npm run build first).
import { mkdir } from "node:fs/promises";
import { siteRoutes } from "../shared/site.ts";
import { launchBrowser, viewports } from "../test/helpers/browser.ts";
import { startServer } from "../test/helpers/server.ts";

const out = "reports/screenshots";
await mkdir(out, { recursive: true });
const [browser, server] = await Promise.all([launchBrowser(), startServer()]);
const only = process.argv.slice(2);
try {
  for (const [name, viewport] of Object.entries(viewports)) {
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
      const file = `${out}/${route.id}-${name}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
