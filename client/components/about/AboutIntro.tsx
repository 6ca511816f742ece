import { aboutPage } from "../../../shared/data/about.ts";
import { FeatureIcon } from "../FeatureIcon.tsx";
import { Reveal } from "../Reveal.tsx";
import { KeepWords } from "../KeepWords.tsx";

/** Who we are, with the two feature cards (clients and providers). */
export function AboutIntro() {
  return (
    <section className="section about-intro" aria-labelledby="about-title">
      <div className="container about-intro__grid">
        <Reveal className="about-intro__media" effect="left">
          <img
            src="/images/about/marketplace.svg"
            alt="Clients and providers connected through the agent marketplace"
            width={560}
            height={480}
            fetchPriority="high"
            decoding="async"
          />
        </Reveal>
        <div className="about-intro__body">
          <Reveal>
            <span className="eyebrow">About us</span>
            <h2 id="about-title">
              <KeepWords text={aboutPage.title} />
            </h2>
            <p className="muted">{aboutPage.text}</p>
          </Reveal>
          <ul className="feature-cards feature-cards--two">
            {aboutPage.features.map((feature) => (
              <Reveal as="li" key={feature.title} className="feature-card">
                <span className="icon-tile">
                  <FeatureIcon name={feature.icon} />
                </span>
                <h3>
                  <KeepWords text={feature.title} />
                </h3>
                <p className="muted">{feature.text}</p>
              </Reveal>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
