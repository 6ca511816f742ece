import { about } from "../../../shared/data/home.ts";
import { CheckList } from "../FeatureCard.tsx";
import { Reveal } from "../Reveal.tsx";
import { SectionTitle } from "../SectionHeading.tsx";

export function AboutSection() {
  return (
    <section className="section home-about" aria-labelledby="about-title">
      <div className="container split">
        <Reveal className="split__art" effect="left">
          <img
            src="/images/home/about-marketplace.svg"
            alt="Providers and clients connected through the AgentVerse AI marketplace"
            width={520}
            height={440}
            loading="lazy"
            decoding="async"
          />
        </Reveal>
        <Reveal className="split__copy" effect="right">
          <SectionTitle id="about-title" eyebrow="About Us" title={about.title}>
            {about.text}
          </SectionTitle>
          <CheckList points={about.points} icon="check" />
        </Reveal>
      </div>
    </section>
  );
}
