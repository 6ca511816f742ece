import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { company } from "../../shared/data/company.ts";
import { companyServices, homeServiceCards } from "../../shared/data/services.ts";
import { industries } from "../../shared/data/industries.ts";
import { certificate } from "../../shared/data/about.ts";
import { industryFrames, serviceFrames } from "../helpers/art-frames.ts";

// The pictures of /service, /Category, home and About carry real words (docs/architecture.md,
// "Text in pictures"). A picture is read at the width it is shown, so its text is drawn for the
// smallest frame it gets: these widths are the pictures' CSS boxes at 375, 768 and 1280 px,
// measured in Chromium (content box, padding excluded).
const svgOf = (path: string) => readFileSync(new URL(`../../public${path}`, import.meta.url), "utf8");
const catalogOf = (image: string) => image.replace("/industries/", "/industries/catalog/");

const smallestWidth = new Map<string, number>([
  // /service's services: one frame for all eight on a given screen (client/styles/inner.css).
  ...companyServices.map((s) => [s.img, serviceFrames[375]] as const),
  ["/images/services/expertise.svg", 303],
  ...industries.flatMap(
    (d) =>
      [
        [d.image, industryFrames.smallest],
        [catalogOf(d.image), industryFrames.smallest],
      ] as const,
  ),
  ["/images/home/about-marketplace.svg", 278],
  ["/images/home/lease-usage.svg", 277],
  ["/images/home/security-lock.svg", 278],
  ["/images/about/marketplace.svg", 335],
  [certificate.image, 334],
]);

/** Every font size the picture sets, on its <text> or on a group around them. */
const fontSizes = (svg: string) => [...svg.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
const viewBoxWidth = (svg: string) => Number(/viewBox="0 0 ([\d.]+) [\d.]+"/.exec(svg)?.[1]);

describe("the inner pages' pictures", () => {
  it("set their text at 9.5 px or more in the smallest frame they are shown in", () => {
    for (const [image, width] of smallestWidth) {
      const svg = svgOf(image);
      const sizes = fontSizes(svg);
      expect(sizes.length, `${image} sets no text`).toBeGreaterThan(0);
      const smallest = (Math.min(...sizes) * width) / viewBoxWidth(svg);
      expect(smallest, image).toBeGreaterThanOrEqual(9.5);
    }
  });

  it("share one type scale on /service: labels 10-16 px at every width, one figure up to 32 px", () => {
    const frames = Object.values(serviceFrames);
    for (const service of companyServices) {
      const svg = svgOf(service.img);
      const scales = frames.map((frame) => frame / viewBoxWidth(svg));
      const sizes = fontSizes(svg).sort((a, b) => a - b);
      const figure = sizes.at(-1)!;
      const labels = sizes.filter((size) => size < figure);
      expect(labels.length, `${service.img} has labels beside its figure`).toBeGreaterThan(0);
      // Reviewers read 24 px labels beside 12 px ones as screenshots scaled to fit (round 12).
      expect(Math.min(...labels) * Math.min(...scales), service.img).toBeGreaterThanOrEqual(10);
      expect(Math.max(...labels) * Math.max(...scales), service.img).toBeLessThanOrEqual(16);
      expect(figure * Math.max(...scales), service.img).toBeLessThanOrEqual(32);
      // One figure: the largest size is set once, or it is a label like the others.
      const figures = sizes.filter((size) => size === figure).length;
      if (figure * Math.min(...scales) > 16) expect(figures, `${service.img} has one figure`).toBe(1);
    }
  });

  it("keep the industries' labels at 16 px or less in their largest frame, beside the bento's", () => {
    for (const image of industries.flatMap((d) => [d.image, catalogOf(d.image)])) {
      const svg = svgOf(image);
      // Under 20 units a size is a label; the picture's title (21) and its figure may be larger.
      const labels = fontSizes(svg).filter((size) => size < 20);
      expect(labels.length, image).toBeGreaterThan(0);
      expect((Math.max(...labels) * industryFrames.largest) / viewBoxWidth(svg), image).toBeLessThanOrEqual(16);
    }
  });

  it("leave the home cards' icons as icons: they are shown at 32-56 px", () => {
    for (const card of homeServiceCards) expect(svgOf(card.img), card.img).not.toContain("<text");
  });

  it("draw the certificate with the register's own details, so an edit to the company shows", () => {
    const svg = svgOf(certificate.image);
    for (const detail of [company.legalName, company.companyNumber, company.incorporated, company.registeredIn])
      expect(svg).toContain(detail);
  });
});
