import { whyChooseUs } from "../../shared/data/whyChooseUs.ts";
import { FeatureIcon } from "./FeatureIcon.tsx";
import { Reveal } from "./Reveal.tsx";
import { KeepWords } from "./KeepWords.tsx";

/** Why-choose-us block of the Category page; the footer's "Why Choose Us" link targets its anchor. */
export function WhyChooseUs() {
  return (
    <section id="whychooseus" className="section section--paper why-us" aria-labelledby="whychooseus-title">
      <div className="container why-us__grid">
        <Reveal className="why-us__intro" effect="left">
          <span className="eyebrow">Why us</span>
          <h2 id="whychooseus-title">
            <KeepWords text={whyChooseUs.title} />
          </h2>
          <p className="muted">
            <KeepWords text={whyChooseUs.text} />
          </p>
          <img
            className="why-us__art"
            src="/images/why-choose-us.svg"
            alt=""
            width={480}
            height={360}
            loading="lazy"
            decoding="async"
          />
        </Reveal>
        <ul className="why-us__points">
          {whyChooseUs.points.map((point) => (
            <Reveal as="li" key={point.title} className="why-us__point">
              <span className="icon-tile">
                <FeatureIcon name={point.icon} />
              </span>
              <div>
                <h3>
                  <KeepWords text={point.title} />
                </h3>
                <p className="muted">
                  <KeepWords text={point.text} />
                </p>
              </div>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  );
}
