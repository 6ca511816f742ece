import { describe, expect, it } from "vitest";
import request from "supertest";
import { readFileSync, statSync } from "node:fs";
import type { BuildManifest } from "../../server/assets.ts";
import { createApp } from "../../server/app.ts";
import * as contactMessages from "../../shared/contactMessages.ts";
import { siteRoutes } from "../../shared/site.ts";
import { FONT_FAMILY, FONT_WEIGHTS, isInFontSubset } from "../../scripts/lib/fontSubset.ts";
import { testConfig } from "../helpers/config.ts";
import { decodeEntities } from "../helpers/html.ts";

const app = createApp(testConfig());
const manifest = JSON.parse(readFileSync("dist/client/manifest.json", "utf8")) as BuildManifest;

/** The text a visitor reads: scripts (hydration data) and tags dropped, entities decoded. */
function visibleText(html: string): string {
  return decodeEntities(html.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " "));
}

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

describe("the subset text face", () => {
  it("has a glyph for every character the pages and the contact messages show", async () => {
    const texts: string[] = strings(contactMessages);
    for (const path of [...siteRoutes.map((r) => r.path), "/no-such-page"])
      texts.push(visibleText((await request(app).get(path)).text));
    const missing = new Set<string>();
    for (const text of texts)
      for (const char of text) if (!/\s/.test(char) && !isInFontSubset(char.codePointAt(0)!)) missing.add(char);
    // Add the character to FONT_CODE_POINTS in scripts/lib/fontSubset.ts, or it renders in the fallback face.
    expect([...missing]).toEqual([]);
  });

  it("is the only font, declared for the subset's weights, and at most 30 KB", () => {
    expect(manifest.fonts).toHaveLength(1);
    const [font] = manifest.fonts;
    expect(statSync(`dist/client${font}`).size).toBeLessThanOrEqual(30 * 1024);
    const css = manifest.stylesheets.map((url) => readFileSync(`dist/client${url}`, "utf8")).join("\n");
    const faces = css.match(/@font-face\{[^}]+\}/g) ?? [];
    expect(faces).toHaveLength(1);
    expect(faces[0]).toContain(`font-family:${FONT_FAMILY}`);
    expect(faces[0]).toContain(`url("${font}")`);
    expect(faces[0]).toContain("font-weight:400 800");
    expect(faces[0]).toContain("font-display:swap");
    // A weight outside the subset's axis would be clamped to it without a word.
    const weights = [...css.replace(/@font-face\{[^}]+\}/g, "").matchAll(/font-weight:\s*(\w+)/g)].map(
      (m) => ({ normal: 400, bold: 700 })[m[1]!] ?? Number(m[1]),
    );
    expect(weights.length).toBeGreaterThan(0);
    for (const weight of weights) {
      expect(weight).toBeGreaterThanOrEqual(FONT_WEIGHTS.min);
      expect(weight).toBeLessThanOrEqual(FONT_WEIGHTS.max);
    }
  });
});
