import { Link } from "react-router";
import { consulting } from "../../../shared/data/home.ts";
import { Reveal } from "../Reveal.tsx";
import { HomeIcon } from "./HomeIcon.tsx";
import { KeepWords } from "../KeepWords.tsx";

// "40% off the first month of AI support": the figure is set large, the sentence stays whole.
const [, percent = "", rest = consulting.offer] = /^(\d+%)(.*)$/.exec(consulting.offer) ?? [];

export function ConsultingCta() {
  return (
    <section id="contact-sec" className="section below-fold cta-band" aria-labelledby="consulting-title">
      <div className="container">
        <Reveal className="cta-panel" effect="zoom">
          <div className="cta-panel__copy">
            <span className="eyebrow">AI Consulting</span>
            <h2 id="consulting-title">
              <KeepWords text={consulting.title} />
            </h2>
            <p className="muted">{consulting.text}</p>
          </div>
          <div className="cta-panel__offer">
            <p className="cta-panel__badge">
              <strong className="cta-panel__percent">{percent}</strong>
              <span className="cta-panel__offer-text">{rest}</span>
            </p>
            <Link className="button button--primary" to="/Contact">
              Book a Consultation
              <HomeIcon name="arrow" size={18} />
            </Link>
          </div>
        </Reveal>
      </div>
    </section>
  );
}
