import { futureScope, sectionTitles } from "../../../shared/data/home.ts";
import { FeatureCard } from "../FeatureCard.tsx";
import { Reveal } from "../Reveal.tsx";
import { SectionHeading } from "../SectionHeading.tsx";

export function FutureScope() {
  return (
    <section id="futurescope" className="section below-fold section--paper" aria-labelledby="futurescope-title">
      <div className="container scope-layout">
        <Reveal>
          <SectionHeading id="futurescope-title" title={sectionTitles.futureScope}>
            The industries where specialized AI agents already make a difference, and where they are heading.
          </SectionHeading>
        </Reveal>
        <ul className="scope-grid card-set" aria-label="Industry use cases">
          {futureScope.map((card) => (
            <FeatureCard key={card.key} item={card} look="scope" />
          ))}
        </ul>
      </div>
    </section>
  );
}
