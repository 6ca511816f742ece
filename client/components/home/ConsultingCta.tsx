import { Link } from "react-router";
import { consulting } from "../../../shared/data/home.ts";
import { Reveal } from "../Reveal.tsx";
import { HomeIcon } from "./HomeIcon.tsx";

export function ConsultingCta() {
  return (
    <section id="contact-sec" className="section" aria-labelledby="consulting-title">
      <div className="container">
        <Reveal className="cta-panel" effect="zoom">
          <div className="cta-panel__copy">
            <span className="eyebrow">AI Consulting</span>
            <h2 id="consulting-title">{consulting.title}</h2>
            <p className="muted">{consulting.text}</p>
          </div>
          <div className="cta-panel__offer">
            <p className="cta-panel__badge">
              <span className="cta-panel__percent">40%</span>
              <span className="cta-panel__offer-text">{consulting.offer}</span>
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
