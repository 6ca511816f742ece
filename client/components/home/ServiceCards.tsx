import { sectionTitles } from "../../../shared/data/home.ts";
import { homeServiceCards } from "../../../shared/data/services.ts";
import { Reveal } from "../Reveal.tsx";
import { SectionHeading } from "./SectionHeading.tsx";
import { KeepWords } from "../KeepWords.tsx";

/** How You Can Use AI Agents: four lease tickets, numbered, each with its price unit on the stub
 *  (drawn by home.css, so the island ships no more script). */
export function ServiceCards() {
  return (
    <section className="section below-fold section--alt" aria-labelledby="service-cards-title">
      <div className="container">
        <Reveal>
          <SectionHeading
            id="service-cards-title"
            eyebrow="Ways to Work With Agents"
            title={sectionTitles.serviceCards}
          >
            Four ways to put specialized AI agents to work, from a quick rental to a solution built for you.
          </SectionHeading>
        </Reveal>
        <ul className="service-card-grid card-set" aria-label="Ways to use AI agents">
          {homeServiceCards.map((card) => (
            <Reveal as="li" key={card.id} className="service-card ticket">
              <img src={card.img} alt="" width={96} height={96} loading="lazy" decoding="async" />
              <h3>
                <KeepWords text={card.title} />
              </h3>
              <p className="muted">{card.desc}</p>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  );
}
