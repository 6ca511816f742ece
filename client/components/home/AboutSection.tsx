import { about } from "../../../shared/data/home.ts";
import { Reveal } from "../Reveal.tsx";
import { HomeIcon } from "./HomeIcon.tsx";
import { KeepWords } from "../KeepWords.tsx";

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
          <span className="eyebrow">About Us</span>
          <h2 id="about-title">
            <KeepWords text={about.title} />
          </h2>
          <p className="muted">{about.text}</p>
          <ul className="check-list">
            {about.points.map((point) => (
              <li key={point}>
                <HomeIcon name="check" size={20} className="check-list__icon" />
                {point}
              </li>
            ))}
          </ul>
        </Reveal>
      </div>
    </section>
  );
}
