import { homeMeta } from "../../shared/meta/home.ts";
import { PageMeta } from "../components/PageMeta.tsx";
import { AboutSection } from "../deferredHomeSections.tsx";
import { AiRevolution } from "../components/home/AiRevolution.tsx";
import { ArticlesSection } from "../deferredHomeSections.tsx";
import { CategoryStrip } from "../components/home/CategoryStrip.tsx";
import { BlogTeasers } from "../deferredHomeSections.tsx";
import { CaseStudies } from "../deferredHomeSections.tsx";
import { CatalogIntro } from "../deferredHomeSections.tsx";
import { ConsultingCta } from "../deferredHomeSections.tsx";
import { ExpertTeam } from "../deferredHomeSections.tsx";
import { FutureScope } from "../deferredHomeSections.tsx";
import { Hero } from "../components/home/Hero.tsx";
import { OrganizationJsonLd } from "../components/home/OrganizationJsonLd.tsx";
import { SecuritySection } from "../deferredHomeSections.tsx";
import { ServiceCards } from "../deferredHomeSections.tsx";
import { ServicesSection } from "../deferredHomeSections.tsx";
import { Stats } from "../components/home/Stats.tsx";
import { TestimonialsSlider } from "../deferredHomeSections.tsx";

/**
 * Home: from what the marketplace is (hero, about, catalog, ways to use it), through what the
 * company does and why it can be trusted, to proof (numbers, cases, people, clients, reading)
 * and the consulting offer.
 */
export function HomePage() {
  return (
    <>
      <PageMeta meta={homeMeta} />
      <OrganizationJsonLd />
      <Hero />
      <CategoryStrip />
      <AboutSection />
      <CatalogIntro />
      <ServiceCards />
      <ServicesSection />
      <SecuritySection />
      <Stats />
      <FutureScope />
      <CaseStudies />
      <AiRevolution />
      <ExpertTeam />
      <ArticlesSection />
      <TestimonialsSlider />
      <BlogTeasers />
      <ConsultingCta />
    </>
  );
}
