import { advancedTech } from "../../../shared/data/about.ts";
import { FeatureCard } from "../FeatureCard.tsx";
import { Reveal } from "../Reveal.tsx";
import { SectionTitle } from "../SectionHeading.tsx";

/** Advanced-technology block: four capability cards. */
export function AdvancedTech() {
  return (
    <section className="section advanced-tech" aria-labelledby="advanced-tech-title">
      <div className="container">
        <Reveal className="section-heading">
          <SectionTitle id="advanced-tech-title" title={advancedTech.title}>
            {advancedTech.text}
          </SectionTitle>
        </Reveal>
        <ul className="feature-cards feature-cards--four">
          {advancedTech.features.map((feature) => (
            <FeatureCard key={feature.title} item={feature} look="technology" />
          ))}
        </ul>
      </div>
    </section>
  );
}
