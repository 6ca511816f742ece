import { describe, expect, it, beforeAll } from "vitest";
import request from "supertest";
import { createHandler } from "../../server/handler.ts";
import { articles } from "../../shared/data/articles.ts";
import { homeAgents } from "../../shared/data/agents.ts";
import { company } from "../../shared/data/company.ts";
import {
  about,
  blogTeasers,
  caseStudies,
  catalogFeatures,
  consulting,
  futureScope,
  hero,
  sectionTitles,
  security,
  team,
  testimonials,
  valueCards,
} from "../../shared/data/home.ts";
import { homeServiceCards, serviceList } from "../../shared/data/services.ts";
import { stats } from "../../shared/data/stats.ts";
import { siteRoutes } from "../../shared/site.ts";
import { testConfig } from "../../scripts/harness/config.ts";
import { decodeEntities, textOf } from "../helpers/html.ts";
import { HOME_SECTION_IDS } from "../helpers/homeSections.ts";

const app = createHandler(
  testConfig({ MAIN_SITE_URL: "https://main.example.org", SITE_URL: "https://www.example.org" }),
);

const count = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].length;

/** The opening tag of the one link named `label` (attribute order is React's business). */
/** The opening tag of the one link named by the label: its aria-label, or else its text. */
function linkNamed(html: string, label: string): string {
  const nameOf = (tag: string, inner: string) => {
    const aria = tag.match(/aria-label="([^"]*)"/)?.[1];
    return decodeEntities((aria ?? inner).replace(/<[^>]+>/g, "")).trim();
  };
  const tags = [...html.matchAll(/(<a [^>]*>)([\s\S]*?)<\/a>/g)]
    .filter((m) => nameOf(m[1]!, m[2]!) === label)
    .map((m) => m[1]!);
  expect(tags, label).toHaveLength(1);
  return tags[0]!;
}

let html = "";
let text = "";
beforeAll(async () => {
  const res = await request(app).get("/").set("Accept-Encoding", "identity");
  expect(res.status).toBe(200);
  html = res.text;
  text = textOf(html);
});

describe("home page SSR", () => {
  it("has the hero as its one h1 and Get Started opening the main site in a new tab", () => {
    expect([...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => textOf(m[1]!))).toEqual([hero.title]);
    expect(html).toMatch(
      /<a class="button button--primary" href="https:\/\/main\.example\.org" target="_blank" rel="noopener noreferrer">Get Started/,
    );
    // The agent's ticket is page UI in the site's face (no picture to wait for), decoration to
    // assistive technology; the hero is never hidden behind a reveal.
    expect(html).toMatch(/<div class="hero__art agent-ticket" aria-hidden="true">/);
    expect(/<section class="hero"[\s\S]*?<\/section>/.exec(html)![0]).not.toContain("<img");
    expect(html).not.toMatch(/class="hero[^"]*reveal/);
  });

  it("holds every section heading", () => {
    for (const title of Object.values(sectionTitles)) expect(text, title).toContain(title);
    for (const [name, block] of Object.entries({ about, security })) {
      expect(text, name).toContain(block.text);
      for (const point of block.points) expect(text).toContain(point);
    }
  });

  it("puts the articles carousel before the testimonials, as the product description lists them", () => {
    const order = ["service-sec", "articles", "ourclient"].map((id) => html.indexOf(`id="${id}"`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("has every anchor of docs/product.md section 2", () => {
    for (const id of HOME_SECTION_IDS) {
      expect(count(html, new RegExp(`id="${id}"`, "g")), id).toBe(1);
    }
  });

  it("renders the final counter figures, so they read right without JavaScript", () => {
    for (const figure of ["5K+", "1M", "99%", "25+"]) {
      expect(html, figure).toContain(
        `aria-hidden="true">${figure}</span><span class="visually-hidden">${figure}</span>`,
      );
    }
    for (const stat of stats) expect(text).toContain(stat.title);
    expect(text).toContain("AI expertise");
  });

  it("lists the services with hover highlight, the three catalog blocks and the eleven agents", () => {
    const services = html.slice(html.indexOf('id="service-sec"'));
    for (const item of serviceList) expect(textOf(services)).toContain(item.title);
    expect(count(html, /class="service-hover-list__row"/g)).toBe(serviceList.length);
    expect(catalogFeatures.map((f) => f.title)).toEqual([
      "Diverse AI Agent Catalog",
      "Flexible Acquisition Models",
      "Metaverse Integration",
    ]);
    for (const feature of catalogFeatures) expect(text).toContain(feature.title);
    // The featured agents are the Category page's card (client/components/AgentCard.tsx).
    expect(count(html.slice(html.indexOf('class="agent-list"')), /<article class="agent-card"/g)).toBe(
      homeAgents.length,
    );
    for (const agent of homeAgents) expect(text).toContain(`${agent.downloads} downloads`);
  });

  it("has every article, whose Read More opens the source in a new tab, named for the article", () => {
    expect(count(html, /class="article-card"/g)).toBe(articles.length);
    for (const article of articles) {
      const link = linkNamed(html, `Read More: ${article.title} (opens in a new tab)`);
      expect(link).toContain(`href="${article.url}" target="_blank" rel="noopener noreferrer"`);
      expect(text).toContain(article.author);
      expect(text).toContain(article.excerpt.replace(/&/g, "&"));
    }
    expect(html).toMatch(/<section class="carousel carousel--articles" aria-label="Recent articles"/);
  });

  it("has four testimonial slides alternating the two testimonials, with dots and previous/next", () => {
    const region = html.slice(
      html.indexOf('aria-label="Client testimonials"'),
      html.indexOf('aria-labelledby="blog-title"'),
    );
    const quotes = [...region.matchAll(/<blockquote class="testimonial__quote"><p>([\s\S]*?)<\/p>/g)].map((m) =>
      textOf(m[1]!),
    );
    const [a, b] = testimonials.map((t) => t.quote);
    expect(quotes).toEqual([a, b, a, b]);
    expect(count(region, /aria-label="Go to slide \d"/g)).toBe(4);
    expect(region).toContain('aria-label="Previous"');
    expect(region).toContain('aria-label="Next"');
  });

  it("has three blog teasers; View All Post and Read More go to /", () => {
    expect(count(html, /class="reveal blog-card"/g)).toBe(blogTeasers.length);
    expect(html).toMatch(/<a class="button button--ghost" href="\/"[^>]*>View All Post<\/a>/);
    for (const post of blogTeasers) expect(linkNamed(html, `Read More: ${post.title}`)).toContain('href="/"');
  });

  it("has the six future-scope cards, four case studies linking to /, the team, the value cards and the service cards", () => {
    expect(futureScope.map((c) => c.title)).toEqual([
      "Web3 Retail & Customer Service",
      "Education & Training",
      "Healthcare & Diagnostics",
      "Logistics & Supply Chain",
      "Enterprise & DAO Operations",
      "Education & Training",
    ]);
    expect(count(html, /class="reveal scope-card"/g)).toBe(futureScope.length);
    expect(count(html, /class="reveal case-card"/g)).toBe(caseStudies.length);
    for (const study of caseStudies) expect(linkNamed(html, `View case study: ${study.title}`)).toContain('href="/"');
    expect(team.map((m) => m.role)).toEqual(["CEO & Founder", "CTO & Co-Founder", "Cloud Architect/DevOps Engineer"]);
    for (const member of team) expect(text).toContain(member.role);
    for (const card of valueCards) expect(text).toContain(card.title);
    expect(homeServiceCards.map((c) => c.title)).toEqual([
      "AI Agent Discovery",
      "Lease & Rent AI Agents",
      "AI-as-a-Service",
      "Custom AI Solutions",
    ]);
    for (const card of homeServiceCards) expect(text).toContain(card.title);
  });

  it("offers 40% off the first month of AI support", () => {
    expect(consulting.offer).toBe("40% off the first month of AI support");
    const cta = textOf(html.slice(html.indexOf('id="contact-sec"')));
    expect(cta).toContain(consulting.offer);
  });

  it("describes the organisation in JSON-LD built from company data and SITE_URL", () => {
    const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    expect(match).not.toBeNull();
    const data = JSON.parse(match![1]!) as Record<string, unknown>;
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: company.name,
      url: "https://www.example.org/",
      email: company.email,
      telephone: company.phone,
      sameAs: company.social.map((s) => s.href),
    });
  });

  it("serves every image the page references", async () => {
    const sources = new Set([...html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1]!));
    expect(sources.size).toBeGreaterThan(25);
    for (const src of sources) {
      const res = await request(app).get(src).set("Accept-Encoding", "br");
      expect(res.status, src).toBe(200);
      expect(res.headers["content-type"], src).toContain("image/svg+xml");
      // A picture that sets text carries its own font subset (scripts/lib/svgFont.ts), which
      // barely compresses: the bytes a visitor pays are the ones sent, so the 8 KB is on the wire.
      const sent = Number(res.headers["content-length"] ?? res.body.length ?? res.text.length);
      expect(sent, src).toBeLessThan(8 * 1024);
      expect(res.body.length ?? res.text.length, src).toBeLessThan(12 * 1024);
      // The build wired the font in: a picture that sets text brings its own face.
      const svg = typeof res.text === "string" ? res.text : String(res.body);
      if (svg.includes("<text")) expect(svg, src).toContain("@font-face{font-family:f;src:url(data:font/woff2;base64,");
    }
  });

  // Round 7: "the Nexus drawing twice on /". Every picture the page shows is on it once; the
  // pictures drawn for the home page are on no other route. (An agent's drawing is that agent's,
  // on its Category card too; the articles carousel is the same on /RecentArticles; icons are UI.)
  it("shows every picture once, and its own pictures on no other route", async () => {
    const sourcesOf = (page: string) =>
      [...page.matchAll(/<img[^>]+src="([^"]+)"/g)]
        .map((m) => m[1]!)
        .filter((src) => !src.startsWith("/images/icons/"));
    const sources = sourcesOf(html);
    expect(sources.filter((src, i) => sources.indexOf(src) !== i)).toEqual([]);
    const own = sources.filter((src) => !/^\/images\/(agents|articles)\//.test(src));
    expect(own.length).toBeGreaterThan(10);
    for (const route of siteRoutes.filter((r) => r.path !== "/")) {
      const res = await request(app).get(route.path).set("Accept-Encoding", "identity");
      expect(
        sourcesOf(res.text).filter((src) => own.includes(src)),
        route.path,
      ).toEqual([]);
    }
  });

  it("sizes every image and lazy-loads them all (the hero has none)", () => {
    const images = [...html.matchAll(/<img[^>]*>/g)].map((m) => m[0]);
    for (const img of images) {
      expect(img).toMatch(/width="\d+"/);
      expect(img).toMatch(/height="\d+"/);
      expect(img, img).toContain('loading="lazy"');
    }
  });

  it("hides nothing without JavaScript: no inline style, the particle canvas is decorative", () => {
    expect(html).not.toMatch(/<[a-z]+[^>]* style="/);
    expect(html).toMatch(/<canvas class="particles stats__particles" aria-hidden="true"><\/canvas>/);
  });
});

describe("recent articles page SSR", () => {
  it("shows the breadcrumb, one h1 and every article", async () => {
    const res = await request(app).get("/RecentArticles");
    expect(res.status).toBe(200);
    const page = res.text;
    expect(page).toMatch(/<nav aria-label="Breadcrumb"/);
    expect(count(page, /<h1[ >]/g)).toBe(1);
    expect(count(page, /class="article-card"/g)).toBe(articles.length);
    for (const article of articles)
      expect(page).toContain(`href="${article.url}" target="_blank" rel="noopener noreferrer"`);
    expect(page).toContain('aria-label="Previous"');
    expect(page).toMatch(/aria-label="Previous"[^>]*disabled=""/);
  });
});
