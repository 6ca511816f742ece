import { describe, expect, it } from "vitest";
import request from "supertest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BuildManifest } from "../../server/assets.ts";
import { createHandler } from "../../server/handler.ts";
import { aboutPage, advancedTech, certificate } from "../../shared/data/about.ts";
import { agentCategories, emptyCategoryMessage } from "../../shared/data/agentCategories.ts";
import { categoryAgents } from "../../shared/data/categoryAgents.ts";
import { industries } from "../../shared/data/industries.ts";
import { company } from "../../shared/data/company.ts";
import { privacyPolicy } from "../../shared/data/privacyPolicy.ts";
import { termsAndConditions } from "../../shared/data/termsAndConditions.ts";
import { companyServices, serviceList } from "../../shared/data/services.ts";
import { whyChooseUs } from "../../shared/data/whyChooseUs.ts";
import { siteRoutes } from "../../shared/site.ts";
import { testConfig } from "../../scripts/harness/config.ts";
import { decodeEntities, textOf } from "../helpers/html.ts";

const SITE_URL = "https://www.agentverse.example";
const app = createHandler(testConfig({ SITE_URL }));

const decode = decodeEntities;
/** Text of every element with the given tag, tags stripped and entities decoded. */
const textsOf = (html: string, tag: string) =>
  [...html.matchAll(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, "g"))].map((m) =>
    decode(m[1]!.replace(/<[^>]+>/g, "")).trim(),
  );
const count = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].length;

async function page(path: string): Promise<string> {
  const res = await request(app).get(path);
  expect(res.status, path).toBe(200);
  // The page's own content: the header and footer are tested elsewhere.
  const main = res.text.match(/<main id="main"[^>]*>([\s\S]*)<\/main>/);
  expect(main, path).not.toBeNull();
  return main![1]!;
}

/** The tabs of one tablist, in order, with their selected state. */
function tabsOf(html: string, label: string): { text: string; selected: boolean }[] {
  const list = html.match(new RegExp(`<div role="tablist" aria-label="${label}"[^>]*>([\\s\\S]*?)</div>`));
  expect(list, `tablist ${label}`).not.toBeNull();
  return [...list![1]!.matchAll(/<a([^>]*role="tab"[^>]*)>([\s\S]*?)<\/a>/g)].map((m) => ({
    text: decode(m[2]!.replace(/<[^>]+>/g, "")),
    selected: /aria-selected="true"/.test(m[1]!),
  }));
}

describe("About (/main)", () => {
  it("has the about block with two feature cards, the certificate and four advanced-tech cards", async () => {
    const html = await page("/main");
    const h2 = textsOf(html, "h2");
    expect(h2).toEqual(expect.arrayContaining([aboutPage.title, certificate.title, advancedTech.title]));
    const h3 = textsOf(html, "h3");
    for (const feature of aboutPage.features) expect(h3).toContain(feature.title);
    expect(aboutPage.features).toHaveLength(2);
    expect(count(html, /<li class="reveal feature-card"/g)).toBe(2);
    expect(count(html, /<li class="reveal feature-card feature-card--center"/g)).toBe(4);
    expect(advancedTech.features.map((f) => f.title)).toEqual([
      "AI Tech Support",
      "Robo Genius Agents",
      "AI Image Generation",
      "Conversational Chatbots",
    ]);
    for (const title of ["AI Tech Support", "Robo Genius Agents", "AI Image Generation", "Conversational Chatbots"])
      expect(h3).toContain(title);
    expect(html).toMatch(/<section id="certificate"/);
    const certificateBlock = decode(html.slice(html.indexOf('id="certificate"')));
    expect(certificateBlock).toContain("registered in England and Wales");
    expect(certificateBlock).toContain("June 2025");
  });
});

describe("Services (/service)", () => {
  it("shows eight service cards, the hover list and the industries tabs with the first selected", async () => {
    const html = await page("/service");
    expect(count(html, /<li class="reveal service-card"/g)).toBe(8);
    const h3 = textsOf(html, "h3");
    const titles = [
      "AI Agent Development",
      "Blockchain Data Analytics",
      "Adaptive Machine Learning",
      "AI Strategy & Consulting",
      "Process Automation Agents",
      "AI for Education & Research",
      "AI-Powered Cybersecurity",
      "AI Innovation Labs",
    ];
    expect(companyServices.map((s) => s.title)).toEqual(titles);
    for (const title of titles) expect(h3).toContain(title);
    expect(count(html, /class="service-hover-list__row"/g)).toBe(serviceList.length);
    expect(textsOf(html, "h2")).toEqual(
      expect.arrayContaining([
        "AI Services Built Around Your Goals",
        "Services That Put AI Agents to Work",
        "AI Agents for Every Industry",
      ]),
    );
    const tabs = tabsOf(html, "Industries");
    expect(tabs.map((t) => t.text)).toEqual([
      "Healthcare AI",
      "Finance AI",
      "Education AI",
      "Manufacturing AI",
      "FinTech AI",
      "E-Commerce AI",
    ]);
    expect(tabs.map((t) => t.selected)).toEqual([true, false, false, false, false, false]);
    expect(count(html, /role="tabpanel"/g)).toBe(industries.length);
    expect(count(html, /role="tabpanel"[^>]*data-active="true"/g)).toBe(1);
    for (const industry of industries) expect(decode(html)).toContain(industry.desc1);
  });
});

describe("Category (/Category)", () => {
  it("shows a tab per category with Reactive Agents selected over its cards, why choose us and industries", async () => {
    const html = await page("/Category");
    const tabs = tabsOf(html, "Agent categories");
    expect(tabs.map((t) => t.text)).toEqual([...agentCategories]);
    expect(tabs.filter((t) => t.selected).map((t) => t.text)).toEqual(["Reactive Agents"]);
    expect(tabsOf(html, "Industries")[0]).toEqual({ text: "Healthcare AI", selected: true });

    // The selected panel holds the Reactive Agents slider: image, download count and description per card.
    const activePanel = html.match(/role="tabpanel"[^>]*data-active="true"[^>]*>([\s\S]*?)<div role="tabpanel"/)![1]!;
    const reactive = categoryAgents.filter((a) => a.category === "Reactive Agents");
    expect(count(activePanel, /<article class="agent-card"/g)).toBe(reactive.length);
    expect(activePanel).toMatch(/aria-label="Reactive Agents" aria-roledescription="carousel"/);
    for (const agent of reactive) {
      expect(textOf(activePanel)).toContain(agent.description);
      expect(activePanel).toContain(`<strong>${agent.downloads}</strong> downloads`);
      expect(activePanel).toContain(`src="${agent.image}"`);
    }
    for (const agent of categoryAgents) {
      const n = Number(agent.downloads.replace(/,/g, ""));
      expect(n).toBeGreaterThanOrEqual(7000);
      expect(n).toBeLessThanOrEqual(25000);
    }
    // Every category without a card shows the message of docs/product.md section 8 (at least one exists).
    const empty = agentCategories.filter((c) => !categoryAgents.some((a) => a.category === c));
    expect(empty.length).toBeGreaterThan(0);
    expect(
      count(html, new RegExp(`<p class="empty-state">${emptyCategoryMessage.replace(/\./g, "\\.")}</p>`, "g")),
    ).toBe(empty.length);

    expect(html).toMatch(/<section id="whychooseus"/);
    expect(textsOf(html, "h2")).toEqual(
      expect.arrayContaining(["Explore AI Agents by Category", whyChooseUs.title, "AI Agents for Every Industry"]),
    );
    const h3 = textsOf(html, "h3");
    for (const point of ["Expertise", "Customization", "Innovation", "Scalability"]) expect(h3).toContain(point);
  });
});

describe("Privacy Policy (/Privacypolicy)", () => {
  it("is effective 17 June 2025 with an accordion section per heading of its data, the first open", async () => {
    const html = await page("/Privacypolicy");
    expect(html).toContain("Effective: <strong>17 June 2025</strong>");
    // Built as the terms are (below): native <details> in one group, each linked from the rail.
    const items = [...html.matchAll(/<details name="[^"]+" id="[^"]+" class="accordion__item"( open="")?>/g)];
    const sections = privacyPolicy.sections.length;
    expect(items.map((item) => Boolean(item[1]))).toEqual([true, ...Array<boolean>(sections - 1).fill(false)]);
    const panels = html.split('<div class="accordion__panel">').slice(1);
    expect(panels.map((panel) => /^<span id="([^"]+)" class="accordion__anchor">/.exec(panel)?.[1])).toEqual(
      privacyPolicy.sections.map((_, index) => `privacy-${index + 1}`),
    );
    expect(textsOf(html, "h2")).toEqual(privacyPolicy.sections.map((s) => s.heading));
    for (const section of privacyPolicy.sections)
      // Links and the spans that keep hyphenated words whole (KeepWords) wrap the text, unchanged.
      for (const p of section.paragraphs)
        expect(decode(html.replace(/<\/?a[^>]*>|<span class="nowrap">|<\/span>/g, ""))).toContain(p);
  });

  it("links the e-mail address and the ICO's site where the text names them, the text unchanged", async () => {
    // The text's own links: the sections, after the rail (which names the address once more).
    const html = (await page("/Privacypolicy")).split('<span id="privacy-1"')[1]!;
    // Each carries its target for print (data-url, client/styles/print.css).
    const mail = [...html.matchAll(/<a href="mailto:([^"]+)" data-url="mailto:\1">([^<]+)<\/a>/g)];
    // Named twice: in "Who We Are" and in "Your Rights".
    expect(mail.map((m) => [m[1], m[2]])).toEqual([
      [company.email, company.email],
      [company.email, company.email],
    ]);
    expect(html).toContain('<a href="https://ico.org.uk/" data-url="https://ico.org.uk/">ico.org.uk</a>');
  });
});

describe("the legal pages' rail", () => {
  it.each([
    ["/Privacypolicy", "/TermsCondition", "Terms and Conditions"],
    ["/TermsCondition", "/Privacypolicy", "Privacy Policy"],
  ])("%s names the other document and the contact address, before its text", async (path, other, label) => {
    const html = await page(path);
    const rail = /<div class="legal__rail">([\s\S]*?)<\/dl><\/div>/.exec(html)?.[1] ?? "";
    const link = /<a [^>]*>([^<]*)<\/a>/.exec(rail.split("<dt>Related</dt>")[1] ?? "");
    expect(link?.[1]).toBe(label);
    expect(link?.[0]).toContain(`href="${other}"`);
    expect(link?.[0]).toContain(`data-url="${SITE_URL}${other}"`);
    expect(rail).toContain(`<a href="mailto:${company.email}" data-url="mailto:${company.email}">${company.email}</a>`);
    // Between the lead and the text, so phones read it there (inner.css sets it beside the text from 768 px).
    expect(html.indexOf("legal__intro")).toBeLessThan(html.indexOf('class="legal__rail"'));
    expect(html.indexOf('class="legal__rail"')).toBeLessThan(html.indexOf('class="accordion"'));
  });
});

describe("Terms and Conditions (/TermsCondition)", () => {
  it("has its dates and an accordion section per heading of its data, every panel in the HTML", async () => {
    const html = await page("/TermsCondition");
    expect(html).toContain("Effective: <strong>17 June 2025</strong>");
    expect(html).toContain("Last updated: <strong>31 July 2025</strong>");
    // Native <details> in one exclusive group (works before and without JavaScript), the first open.
    const items = [...html.matchAll(/<details name="([^"]+)" id="[^"]+" class="accordion__item"( open="")?>/g)];
    const sections = termsAndConditions.sections.length;
    expect(items).toHaveLength(sections);
    expect(new Set(items.map((item) => item[1])).size).toBe(1);
    expect(items.map((item) => Boolean(item[2]))).toEqual([true, ...Array<boolean>(sections - 1).fill(false)]);
    expect(count(html, /<summary class="accordion__summary">/g)).toBe(sections);
    expect(textsOf(html, "h2")).toEqual(termsAndConditions.sections.map((s) => s.heading));
    for (const section of termsAndConditions.sections)
      for (const p of section.paragraphs)
        expect(decode(html.replace(/<\/?(?:mark|a)\b[^>]*>|<span class="nowrap">|<\/span>/g, ""))).toContain(p);
  });

  it("lists its sections in the rail, each linked to a mark inside its panel (so the link opens it)", async () => {
    const html = await page("/TermsCondition");
    const toc = /<nav class="legal__toc" aria-label="Contents">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
    const links = [...toc.matchAll(/<a href="#([^"]+)">([\s\S]*?)<\/a>/g)];
    expect(links.map((link) => decode(link[2]!.replace(/<[^>]+>/g, "")))).toEqual(
      termsAndConditions.sections.map((s) => s.heading),
    );
    // A fragment opens a closed <details> only when it names something in its content.
    const panels = html.split('<div class="accordion__panel">').slice(1);
    expect(panels.map((panel) => /^<span id="([^"]+)" class="accordion__anchor"><\/span>/.exec(panel)?.[1])).toEqual(
      links.map((link) => link[1]),
    );
  });

  it("sets the minimum age at 18, charges a fee without an amount and shows the governing-law placeholder", async () => {
    const html = decode(await page("/TermsCondition"));
    expect(html).toContain("You must be at least 18 years old");
    const fees = termsAndConditions.sections.find((s) => s.heading.includes("Fees"))!.paragraphs.join(" ");
    expect(fees).toContain("A platform fee or commission may be charged");
    expect(fees).not.toMatch(/\d|[£$€%]/);
    expect(html).toContain('<mark class="legal__placeholder">[Jurisdiction to be confirmed]</mark>');
  });
});

describe("not-found page", () => {
  it("keeps its h1 and link home in the site's look", async () => {
    const res = await request(app).get("/nothing-here");
    expect(res.status).toBe(404);
    expect(textsOf(res.text, "h1")).toEqual(["Page not found"]);
    expect(res.text).toMatch(/<a class="button button--primary" href="\/"[^>]*>Back to the home page<\/a>/);
  });
});

describe("SEO files", () => {
  it("lists every route of the route table on SITE_URL, with its casing, in /sitemap.xml", async () => {
    const res = await request(app).get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(siteRoutes.map((r) => SITE_URL + r.path));
  });

  it("points to the sitemap from /robots.txt", async () => {
    const res = await request(app).get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^User-agent: \*$/m);
    expect(res.text).toMatch(/^Allow: \/$/m);
    expect(res.text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });

  it("gives each inner page its own title, description and canonical URL on SITE_URL", async () => {
    const seen = new Set<string>();
    for (const route of siteRoutes.filter((r) => r.id !== "home")) {
      // Another casing is redirected to the one the canonical link names.
      const other = await request(app).get(route.path.toLowerCase());
      if (route.path !== route.path.toLowerCase()) expect(other.headers.location).toBe(route.path);
      const html = (await request(app).get(route.path)).text;
      expect(html).toContain(`<link rel="canonical" href="${SITE_URL}${route.path}"/>`);
      expect(html).toContain(`<meta property="og:url" content="${SITE_URL}${route.path}"/>`);
      expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"\/>/);
      const description = html.match(/<meta name="description" content="([^"]+)"/)![1]!;
      expect(seen.has(description)).toBe(false);
      seen.add(description);
    }
  });
});

describe("bundles", () => {
  const clientDir = "dist/client";
  const manifest = JSON.parse(readFileSync(join(clientDir, "manifest.json"), "utf8")) as BuildManifest;
  const read = (url: string) => readFileSync(join(clientDir, url));
  const firstLoad = (id: string) => [...new Set([manifest.entry, ...manifest.entryImports, ...manifest.routes[id]!])];
  // Byte budgets of every route: test/server/budgets.test.ts.

  it("keeps the legal texts out of every chunk but the privacy and terms pages'", () => {
    for (const id of Object.keys(manifest.routes).filter((r) => r !== "privacy" && r !== "terms")) {
      for (const url of firstLoad(id))
        expect(read(url).toString("utf8"), `${id}: ${url}`).not.toContain("Limitation of Liability");
    }
  });
});

describe("page headers", () => {
  it("each inner page's header carries a picture of its own, hidden from assistive technology", async () => {
    const motifs: string[] = [];
    for (const route of siteRoutes.filter((r) => r.id !== "home")) {
      const html = (await request(app).get(route.path)).text;
      const header = /<section class="page-header[^"]*">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? "";
      // The documents a seal drawn in line art; the other pages a window of the product.
      const document = route.id === "privacy" || route.id === "terms";
      const art = document
        ? /<svg class="page-header__motif" data-motif="([a-z]+)"[^>]*>/.exec(header)
        : /<div class="panel" data-art="([a-z]+)"[^>]*>/.exec(header);
      expect(art?.[1], route.path).toBe(route.id);
      expect(art![0], route.path).toContain('aria-hidden="true"');
      const whole = document
        ? /<svg class="page-header__motif"[\s\S]*?<\/svg>/.exec(header)![0]
        : /<div class="panel"[\s\S]*?<\/ul>/.exec(header)![0];
      motifs.push(whole.replace(/data-(?:motif|art)="[a-z]+"/, ""));
    }
    // Not one band repeated: every drawing differs.
    expect(new Set(motifs).size).toBe(motifs.length);
  });
});
