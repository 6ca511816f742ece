import { aboutPage } from "../../../shared/data/about.ts";
import { FeatureList } from "../FeatureCard.tsx";
import { Reveal } from "../Reveal.tsx";
import { SectionTitle } from "../SectionHeading.tsx";

/** Who we are, with the two feature cards (clients and providers). */
export function AboutIntro() {
  return (
    <section className="section section--paper about-intro" aria-labelledby="about-title">
      <div className="container about-intro__grid">
        <Reveal className="about-intro__media" effect="left">
          <img
            src="/images/about/marketplace.svg"
            alt="The marketplace's two sides joined by an on-chain lease: a provider's June earnings, 12,480 USDC, and a client's leased and rented agents with their usage"
            width={560}
            height={480}
            fetchPriority="high"
            decoding="async"
          />
        </Reveal>
        <div className="about-intro__body">
          <Reveal>
            <SectionTitle id="about-title" title={aboutPage.title}>
              {aboutPage.text}
            </SectionTitle>
          </Reveal>
          <FeatureList className="feature-cards feature-cards--two" items={aboutPage.features} look="about" />
        </div>
      </div>
    </section>
  );
}
