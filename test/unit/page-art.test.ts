import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { company } from "../../shared/data/company.ts";
import { companyServices, homeServiceCards } from "../../shared/data/services.ts";
import { industries } from "../../shared/data/industries.ts";
import { certificate } from "../../shared/data/about.ts";

// The pictures of /service, /Category, home and About carry real words (docs/architecture.md,
// "Text in pictures"). A picture is read at the width it is shown, so its text is drawn for the
// smallest frame it gets: these widths are the pictures' CSS boxes at 375, 768 and 1280 px,
// measured in Chromium (content box, padding excluded).
const svgOf = (path: string) => readFileSync(new URL(`../../public${path}`, import.meta.url), "utf8");
const catalogOf = (image: string) => image.replace("/industries/", "/industries/catalog/");

const smallestWidth = new Map<string, number>([
  // /service's bento on a phone: the lead tile across the card, the others a 44% column beside
  // their title (client/styles/inner.css).
  ...companyServices.map((s, i) => [s.img, i === 0 ? 293 : 128] as const),
  ["/images/services/expertise.svg", 303],
  ...industries.flatMap(
    (d) =>
      [
        [d.image, 320],
        [catalogOf(d.image), 320],
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

  it("leave the home cards' icons as icons: they are shown at 32-56 px", () => {
    for (const card of homeServiceCards) expect(svgOf(card.img), card.img).not.toContain("<text");
  });

  it("draw the certificate with the register's own details, so an edit to the company shows", () => {
    const svg = svgOf(certificate.image);
    for (const detail of [company.legalName, company.companyNumber, company.incorporated, company.registeredIn])
      expect(svg).toContain(detail);
  });
});
