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
          <SectionTitle id="security-title" title={security.title}>
            {security.text}
          </SectionTitle>
          <CheckList points={security.points} icon="shield-check" />
        </Reveal>
        {/* The lock's rings pulse only once the section has been revealed. */}
        <Reveal className="split__art security__art" effect="zoom">
          <LazyImage
            className="security__lock"
            src="/images/home/security-lock.svg"
            alt="An agent's permissions under a smart contract: treasury read only until 18:00, payments up to 5,000 USDC a day, admin keys never granted, and the audit log"
            width={420}
            height={420}
          />
        </Reveal>
      </div>
    </section>
  );
}
