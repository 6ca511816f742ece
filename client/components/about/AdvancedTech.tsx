import { advancedTech } from "../../../shared/data/about.ts";
import { FeatureList } from "../FeatureCard.tsx";
import { Reveal } from "../Reveal.tsx";
import { SectionTitle } from "../SectionHeading.tsx";

/** Advanced-technology block: four capability cards. */
export function AdvancedTech() {
  return (
    <section className="section section--paper advanced-tech" aria-labelledby="advanced-tech-title">
      <div className="container">
        <Reveal className="section-heading">
          <SectionTitle id="advanced-tech-title" title={advancedTech.title}>
            {advancedTech.text}
          </SectionTitle>
        </Reveal>
        <FeatureList className="feature-cards feature-cards--four" items={advancedTech.features} look="technology" />
      </div>
    </section>
  );
}
