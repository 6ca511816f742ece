import { futureScope, sectionTitles } from "../../../shared/data/home.ts";
import { Reveal } from "../Reveal.tsx";
import { HomeIcon } from "./HomeIcon.tsx";
import { SectionHeading } from "./SectionHeading.tsx";
import { KeepWords } from "../KeepWords.tsx";

export function FutureScope() {
  return (
    <section id="futurescope" className="section below-fold section--paper" aria-labelledby="futurescope-title">
      <div className="container scope-layout">
        <Reveal>
          <SectionHeading
            id="futurescope-title"
            eyebrow="Where Agents Go Next"
            title={sectionTitles.futureScope}
            align="left"
          >
            The industries where specialized AI agents already make a difference, and where they are heading.
          </SectionHeading>
        </Reveal>
        <ul className="scope-grid card-set" aria-label="Industry use cases">
          {futureScope.map((card) => (
            <Reveal as="li" key={card.key} className="scope-card">
              <span className="icon-badge icon-badge--small">
                <HomeIcon name={card.icon} size={24} />
              </span>
              <h3>
                <KeepWords text={card.title} />
              </h3>
              <p className="muted">{card.text}</p>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  );
}
