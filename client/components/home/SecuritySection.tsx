import { security } from "../../../shared/data/home.ts";
import { CheckList } from "../FeatureCard.tsx";
import { Reveal } from "../Reveal.tsx";
import { SectionTitle } from "../SectionHeading.tsx";
import { LazyImage } from "../Icon.tsx";

export function SecuritySection() {
  return (
    <section id="security" className="section below-fold security" aria-labelledby="security-title">
      <div className="container split split--reverse">
        <Reveal className="split__copy" effect="left">
          <SectionTitle id="security-title" eyebrow="Security" title={security.title}>
            {security.text}
          </SectionTitle>
          <CheckList points={security.points} icon="shield-check" />
        </Reveal>
        {/* The lock's rings pulse only once the section has been revealed. */}
        <Reveal className="split__art security__art" effect="zoom">
          <LazyImage
            className="security__lock"
            src="/images/home/security-lock.svg"
            alt="A padlock over a smart contract's access panel: wallet permissions with their time limits, and an audit log"
            width={420}
            height={420}
          />
        </Reveal>
      </div>
    </section>
  );
}
