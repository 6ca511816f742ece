import { Link } from "react-router";
import { consulting } from "../../../shared/data/home.ts";
import { routeById } from "../../../shared/site.ts";
import { Reveal } from "../Reveal.tsx";
import { Icon } from "../Icon.tsx";
import { SectionTitle } from "../SectionHeading.tsx";

// "40% off the first month of AI support": the figure is set large, the sentence stays whole.
const [, percent = "", rest = consulting.offer] = /^(\d+%)(.*)$/.exec(consulting.offer) ?? [];

export function ConsultingCta() {
  return (
    <section id="contact-sec" className="section below-fold cta-band" aria-labelledby="consulting-title">
      <div className="container">
        <Reveal className="cta-panel" effect="zoom">
          <div className="cta-panel__copy">
            <SectionTitle id="consulting-title" title={consulting.title}>
              {consulting.text}
            </SectionTitle>
          </div>
          <div className="cta-panel__offer">
            <p className="cta-panel__badge">
              <strong className="cta-panel__percent">{percent}</strong>
              <span className="cta-panel__offer-text">{rest}</span>
            </p>
            <Link className="button button--primary" to={routeById("contact").path}>
              Book a Consultation
              <Icon name="arrowRight" size={18} />
            </Link>
          </div>
        </Reveal>
      </div>
    </section>
  );
}
