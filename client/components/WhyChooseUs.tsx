import { whyChooseUs } from "../../shared/data/whyChooseUs.ts";
import { FeatureList } from "./FeatureCard.tsx";
import { KeepWords } from "./KeepWords.tsx";
import { Reveal } from "./Reveal.tsx";
import { SectionTitle } from "./SectionHeading.tsx";
import { LazyImage } from "./Icon.tsx";

/** Why-choose-us block of the Category page; the footer's "Why Choose Us" link targets its anchor. */
export function WhyChooseUs() {
  return (
    <section id="whychooseus" className="section section--paper why-us" aria-labelledby="whychooseus-title">
      <div className="container why-us__grid">
        <Reveal className="why-us__intro" effect="left">
          <SectionTitle id="whychooseus-title" title={whyChooseUs.title}>
            <KeepWords text={whyChooseUs.text} />
          </SectionTitle>
          <LazyImage className="why-us__art" src="/images/why-choose-us.svg" alt="" width={480} height={360} />
        </Reveal>
        <FeatureList className="why-us__points" items={whyChooseUs.points} look="whyUs" />
      </div>
    </section>
  );
}
