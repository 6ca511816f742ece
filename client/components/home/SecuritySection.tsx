import { security } from "../../../shared/data/home.ts";
import { Reveal } from "../Reveal.tsx";
import { HomeIcon } from "./HomeIcon.tsx";
import { KeepWords } from "../KeepWords.tsx";

export function SecuritySection() {
  return (
    <section id="security" className="section below-fold security" aria-labelledby="security-title">
      <div className="container split split--reverse">
        <Reveal className="split__copy" effect="left">
          <span className="eyebrow">Security</span>
          <h2 id="security-title">
            <KeepWords text={security.title} />
          </h2>
          <p className="muted">{security.text}</p>
          <ul className="check-list">
            {security.points.map((point) => (
              <li key={point}>
                <HomeIcon name="shield-check" size={20} className="check-list__icon" />
                {point}
              </li>
            ))}
          </ul>
        </Reveal>
        {/* The lock's rings pulse only once the section has been revealed. */}
        <Reveal className="split__art security__art" effect="zoom">
          <img
            className="security__lock"
            src="/images/home/security-lock.svg"
            alt="A padlock guarding the marketplace's smart contracts"
            width={420}
            height={420}
            loading="lazy"
            decoding="async"
          />
        </Reveal>
      </div>
    </section>
  );
}
