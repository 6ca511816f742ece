import { security } from "../../../shared/data/home.ts";
import { CheckList } from "../FeatureCard.tsx";
import { Reveal } from "../Reveal.tsx";
import { SectionHeading } from "../SectionHeading.tsx";
import { LazyImage } from "../Icon.tsx";

/** Security and Trust by Design: the heading, then the agent's permissions panel as a scene. From
 *  992 px the four points stand round the panel as notes, each ruled to the row it speaks for
 *  (home.css, "Security as an annotated panel"); below, the notes run beside or under it. */
export function SecuritySection() {
  return (
    <section id="security" className="section below-fold security" aria-labelledby="security-title">
      <div className="container">
        <Reveal effect="left">
          <SectionHeading id="security-title" title={security.title}>
            {security.text}
          </SectionHeading>
        </Reveal>
        <div className="security__scene">
          <CheckList points={security.points} icon="shield-check" />
          {/* The lock's rings pulse only once the section has been revealed. */}
          <Reveal className="security__art" effect="zoom">
            <LazyImage
              className="security__lock"
              src="/images/home/security-lock.svg"
              alt="An agent's permissions under a smart contract: treasury read only until 18:00, payments up to 5,000 USDC a day, admin keys encrypted and never granted, and the audit log"
              width={420}
              height={420}
            />
          </Reveal>
        </div>
      </div>
    </section>
  );
}
