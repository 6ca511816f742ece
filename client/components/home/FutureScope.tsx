import { futureScope, sectionTitles } from "../../../shared/data/home.ts";
import { FeatureList } from "../FeatureCard.tsx";
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
        <FeatureList className="scope-grid card-set" label="Industry use cases" items={futureScope} look="scope" />
      </div>
    </section>
  );
}
