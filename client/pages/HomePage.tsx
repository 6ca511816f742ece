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
 * Home: from what the marketplace is (hero, about and its numbers, the catalog, ways to use it),
 * through what the company does and why it can be trusted, to proof (cases, people and their
 * values, reading, clients) and the consulting offer. Sections come in pairs on one ground (the
 * about section and its numbers, the services and the industries, security and the cases, the
 * team and its values, the news and the clients), the pairs alternating dark and paper: ten
 * grounds, not sixteen, which reviewers read as seventeen alike bands (docs/design-review.md,
 * rounds 68-72). Inside a pair the sections' own spacing is the break. Each section is an island
 * React hydrates on its own.
 */
const sections = [
  Hero,
  CategoryStrip,
  AboutSection,
  Stats,
  CatalogIntro,
  ServiceCards,
  ServicesSection,
  FutureScope,
  SecuritySection,
  CaseStudies,
  ExpertTeam,
  AiRevolution,
  ArticlesSection,
  TestimonialsSlider,
  BlogTeasers,
  ConsultingCta,
];

/** The first section marked below-fold (scripts/lib/usedCss.ts cuts the head's rules there). */
const FIRST_BELOW_FOLD = Stats;

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
