// Draws the site's raster art from the tokens' palette (scripts/lib/palette.ts) in headless
// Chromium, and writes it into public/, where it is committed and served as it is:
// - the app icons of the web app manifest: public/icons/icon-192.png and icon-512.png (full-bleed
//   ink, the logo mark inside the maskable safe zone), apple-touch-icon.png (180) and favicon-48.png
//   (the PNG fallback of favicon.svg), and public/manifest.webmanifest with the brand's colours;
// - one Open Graph card per route of the route table, public/og/<route id>.png (1200×630): the
//   page's title and description (shared/meta/) in the brand's type on the catalog's dot grid.
// Run after changing a route's title, the tokens' base colours or the logo: npm run social-art
// (test/unit/social-art.test.ts fails while a route has no card or the manifest's colours are stale).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { launchBrowser } from "./harness/browser.ts";
import { artPalette } from "./lib/palette.ts";
import { faviconSvg } from "./art-palette.ts";
import { brandName, siteRoutes } from "../shared/site.ts";
import { pageMetas } from "./lib/pageMetas.ts";
import { company } from "../shared/data/company.ts";

const p = artPalette();
const font = readFileSync(new URL("../client/fonts/funnel-sans.woff2", import.meta.url)).toString("base64");
// The mark with its ember tile: its strokes are ink, so without the tile they would vanish on the ink ground.
const mark = faviconSvg();

const escape = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (body: string, css: string) =>
  `<!doctype html><meta charset="utf-8"><style>@font-face{font-family:F;src:url(data:font/woff2;base64,${font})}
  *{margin:0;box-sizing:border-box}html,body{background:${p.ink};color:${p.paper};font-family:F,sans-serif}${css}</style>${body}`;

/** The manifest's colours and icons, written beside the icons (served from public/ as it is). */
export function webManifest() {
  const icons = [192, 512].flatMap((size) =>
    ["any", "maskable"].map((purpose) => ({
      src: `/icons/icon-${size}.png`,
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose,
    })),
  );
  return {
    name: brandName,
    short_name: brandName,
    description: company.tagline,
    lang: "en-GB",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: p.ink,
    theme_color: p.ink,
    icons,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const browser = await launchBrowser();
  const tab = await browser.newPage();
  mkdirSync("public/icons", { recursive: true });
  mkdirSync("public/og", { recursive: true });

  // Icons: a full-bleed square (a maskable icon's mask may cut anything outside the centre 80 %).
  const icon = (size: number, markShare: number) =>
    page(
      `<div style="width:${size}px;height:${size}px;display:grid;place-items:center">${mark.replace("<svg ", `<svg width="${Math.round(size * markShare)}" `)}</div>`,
      "",
    );
  for (const [file, size, share] of [
    ["icon-192.png", 192, 0.55],
    ["icon-512.png", 512, 0.55],
    ["apple-touch-icon.png", 180, 0.7],
    ["favicon-48.png", 48, 0.9],
  ] as const) {
    await tab.setViewportSize({ width: size, height: size });
    await tab.setContent(icon(size, share));
    writeFileSync(`public/icons/${file}`, await tab.screenshot({ type: "png" }));
  }
  writeFileSync("public/manifest.webmanifest", JSON.stringify(webManifest(), null, 2) + "\n");

  // Open Graph cards.
  await tab.setViewportSize({ width: 1200, height: 630 });
  const css = `
    .card{position:relative;width:1200px;height:630px;padding:72px 80px;display:flex;flex-direction:column;
      background:radial-gradient(circle,${p.border} 1.5px,transparent 2px) 0 0/30px 30px}
    .brand{display:flex;align-items:center;gap:18px;font-size:34px;font-weight:650}
    .eyebrow{margin-top:auto;display:flex;align-items:center;gap:14px;color:${p.signal};font-size:26px;font-weight:600;
      letter-spacing:.08em;text-transform:uppercase}
    .eyebrow::before{content:"";width:14px;height:14px;border-radius:50%;background:${p.signal}}
    h1{margin-top:18px;max-width:980px;font-size:76px;line-height:1.05;font-weight:700;letter-spacing:-.035em}
    p{margin-top:24px;max-width:900px;color:${p.muted};font-size:28px;line-height:1.4}
    .bar{position:absolute;left:0;right:0;bottom:0;height:12px;background:linear-gradient(120deg,${p.ember},${p.signal})}`;
  for (const route of siteRoutes) {
    const meta = pageMetas.find((m) => m.path === route.path);
    if (!meta) throw new Error(`no meta for ${route.path}`);
    const title = meta.title.replace(` | ${brandName}`, "").replace(`${brandName} | `, "");
    await tab.setContent(
      page(
        `<div class="card"><div class="brand">${mark.replace("<svg ", '<svg width="56" ')}${escape(brandName)}</div>
        <div class="eyebrow">${escape(route.label)}</div><h1>${escape(title)}</h1><p>${escape(meta.description)}</p>
        <div class="bar"></div></div>`,
        css,
      ),
    );
    await tab.evaluate(() => document.fonts.ready);
    writeFileSync(`public/og/${route.id}.png`, await tab.screenshot({ type: "png" }));
  }
  await browser.close();
  console.log(`social-art: 4 icons, the manifest and ${siteRoutes.length} Open Graph cards written`);
}
