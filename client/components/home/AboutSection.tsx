import { about } from "../../../shared/data/home.ts";
import { CheckList } from "../FeatureCard.tsx";
import { Reveal } from "../Reveal.tsx";
import { SectionTitle } from "../SectionHeading.tsx";
import { LazyImage } from "../Icon.tsx";

export function AboutSection() {
  return (
    // On the paper band: the first light section right after the hero, so the page does not open
    // on six dark bands in a row (round 61).
    <section className="section home-about section--paper" aria-labelledby="about-title">
      <div className="container split">
        <Reveal className="split__art" effect="left">
          <LazyImage
            src="/images/home/about-marketplace.svg"
            alt="A provider publishes Adaptive Tutor, the marketplace lists it at 180 USDC a month and a client's wallet signs a six-month lease on-chain"
            width={520}
            height={440}
          />
        </Reveal>
        <Reveal className="split__copy" effect="right">
          <SectionTitle id="about-title" title={about.title}>
            {about.text}
          </SectionTitle>
          <CheckList points={about.points} icon="check" />
        </Reveal>
      </div>
    </section>
  );
}
