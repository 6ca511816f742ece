import { advancedTech } from "../../../shared/data/about.ts";
import { FeatureIcon } from "../FeatureIcon.tsx";
import { Reveal } from "../Reveal.tsx";
import { KeepWords } from "../KeepWords.tsx";

/** Advanced-technology block: four capability cards. */
export function AdvancedTech() {
  return (
    <section className="section advanced-tech" aria-labelledby="advanced-tech-title">
      <div className="container">
        <Reveal className="section-heading">
          <span className="eyebrow">Technology</span>
          <h2 id="advanced-tech-title">
            <KeepWords text={advancedTech.title} />
          </h2>
          <p className="muted">{advancedTech.text}</p>
        </Reveal>
        <ul className="feature-cards feature-cards--four">
          {advancedTech.features.map((feature) => (
            <Reveal as="li" key={feature.title} className="feature-card feature-card--center">
              <span className="icon-tile icon-tile--lg">
                <FeatureIcon name={feature.icon} size={32} />
              </span>
              <h3>
                <KeepWords text={feature.title} />
              </h3>
              <p className="muted">{feature.text}</p>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  );
}
