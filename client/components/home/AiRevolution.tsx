import { sectionTitles, valueCards } from "../../../shared/data/home.ts";
import { expertiseCounter } from "../../../shared/data/stats.ts";
import { timings } from "../../../shared/site.ts";
import { Counter } from "../Counter.tsx";
import { FeatureList } from "../FeatureCard.tsx";
import { Reveal } from "../Reveal.tsx";
import { SectionTitle } from "../SectionHeading.tsx";

/** "Leading the AI Revolution": three value cards and the 25+ expertise counter. */
export function AiRevolution() {
  return (
    <section className="section below-fold section--paper revolution" aria-labelledby="revolution-title">
      <div className="container revolution__grid">
        <Reveal className="revolution__intro" effect="left">
          <SectionTitle id="revolution-title" title={sectionTitles.valueCards} />
          <p className="revolution__statement">
            We combine research depth with hands-on delivery, so the agents on our marketplace are as dependable as they
            are capable.
          </p>
          <div className="expertise">
            <Counter
              className="expertise__value"
              value={expertiseCounter.value}
              suffix={expertiseCounter.suffix}
              durationMs={timings.expertiseCountUpMs}
            />
            <span className="expertise__label">{expertiseCounter.label}</span>
          </div>
        </Reveal>
        <FeatureList className="value-list card-set" label="Our values" items={valueCards} look="values" />
      </div>
    </section>
  );
}
