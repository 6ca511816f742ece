import { Fragment } from "react";
import { homeMeta } from "../../shared/meta/home.ts";
import { PageMeta } from "../components/PageMeta.tsx";
import { Island } from "../components/Island.tsx";
import { PageRules } from "../PageRules.tsx";
import { AboutSection } from "../components/home/AboutSection.tsx";
import { AiRevolution } from "../components/home/AiRevolution.tsx";
import { ArticlesSection } from "../components/home/ArticlesSection.tsx";
import { BlogTeasers } from "../components/home/BlogTeasers.tsx";
import { CaseStudies } from "../components/home/CaseStudies.tsx";
import { CatalogIntro } from "../components/home/CatalogIntro.tsx";
import { CategoryStrip } from "../components/home/CategoryStrip.tsx";
import { ConsultingCta } from "../components/home/ConsultingCta.tsx";
import { ExpertTeam } from "../components/home/ExpertTeam.tsx";
import { FutureScope } from "../components/home/FutureScope.tsx";
import { Hero } from "../components/home/Hero.tsx";
import { SecuritySection } from "../components/home/SecuritySection.tsx";
import { ServiceCards } from "../components/home/ServiceCards.tsx";
import { ServicesSection } from "../components/home/ServicesSection.tsx";
import { Stats } from "../components/home/Stats.tsx";
import { TestimonialsSlider } from "../components/home/TestimonialsSlider.tsx";

/**
 * Home: from what the marketplace is (hero, about, catalog and its numbers, ways to use it),
 * through what the company does and why it can be trusted, to proof (cases, people, reading,
 * values, clients) and the consulting offer. The order also alternates the grounds, dark and
 * paper, from the about section to the blog (docs/design-review.md, round 67). Pairs of sections
 * on one ground (rounds 72-76) read as long dark runs and as look-alike paper lists, no better
 * than the alternation's "seventeen bands". Each section is an island React hydrates on its own.
 */
const sections = [
  Hero,
  CategoryStrip,
  AboutSection,
  CatalogIntro,
  Stats,
  ServiceCards,
  ServicesSection,
  SecuritySection,
  FutureScope,
  CaseStudies,
  ExpertTeam,
  ArticlesSection,
  AiRevolution,
  TestimonialsSlider,
  BlogTeasers,
  ConsultingCta,
];

/** The first section marked below-fold (scripts/lib/usedCss.ts cuts the head's rules there). */
const FIRST_BELOW_FOLD = CatalogIntro;

export function HomePage() {
  return (
    <>
      <PageMeta meta={homeMeta} />
      {sections.map((Section, index) => (
        <Fragment key={index}>
          {/* Before the first section below the fold: the rest is styled as it is parsed. */}
          {Section === FIRST_BELOW_FOLD && <PageRules />}
          <Island>
            <Section />
          </Island>
        </Fragment>
      ))}
    </>
  );
}
