import { sectionTitles } from "../../../shared/data/home.ts";
import { homeServiceCards } from "../../../shared/data/services.ts";
import { homeAgents } from "../../../shared/data/agents.ts";
import { Reveal } from "../Reveal.tsx";
import { SectionHeading } from "../SectionHeading.tsx";
import { CardText, CardTitle } from "../KeepWords.tsx";
import { Icon, LazyImage } from "../Icon.tsx";

/** The agent shown on the lease view: one of the home list's that no width shows folded (the
 *  first seven, agent-card.css), so a phone never sees one agent on two listings in a row (round 60
 *  found Nexus Hybrid Operator closing Featured Agents and opening this view at 375 px). */
const listed = homeAgents.find((a) => a.name === "Oracle Diagnostics Expert") ?? homeAgents[0]!;

/** How You Can Use AI Agents: a full-bleed product moment, the marketplace's lease view drawn in
 *  HTML and CSS: one agent's listing, the lease steps, and the four ways to use it as tickets, each
 *  with its price unit on the stub (drawn by home.css, so the island ships no more script). The
 *  listing shows the lease's usage (meter, hours a day, receipt), not the agent's own drawing: that
 *  one is already on its card in Featured Agents, a screen above. */
export function ServiceCards() {
  return (
    <section className="section below-fold section--alt lease-moment" aria-labelledby="service-cards-title">
      <div className="container">
        <Reveal>
          <SectionHeading
            id="service-cards-title"

            title={sectionTitles.serviceCards}
          >
            Four ways to put specialized AI agents to work, from a quick rental to a solution built for you.
          </SectionHeading>
        </Reveal>
        <div className="lease-view">
          <div className="lease-view__bar" aria-hidden="true">
            <span className="lease-view__url">market / agents / {listed.key.replace(/^home-/, "")} / lease</span>
          </div>
          <div className="lease-view__agent">
            <LazyImage src="/images/home/lease-usage.svg" alt="" width={400} height={300} />
            <div className="lease-view__meta">
              {/* The listing's tag is the agent card's own (agent-card.css). */}
              <span className="agent-card__category">{listed.category}</span>
              <p className="lease-view__name">{listed.name}</p>
              {/* Its downloads as every agent card shows them (agent-card.css). */}
              <p className="agent-card__downloads">
                <Icon name="download" size={16} />
                <span>
                  <strong>{listed.downloads}</strong> downloads
                </span>
              </p>
            </div>
            <ol className="lease-view__steps" aria-label="Lease steps">
              <li>Pick a way to use it</li>
              <li>Pay in USDC from your wallet</li>
              <li>It runs in your stack</li>
            </ol>
          </div>
          <ul className="service-card-grid card-set" aria-label="Ways to use AI agents">
            {homeServiceCards.map((card) => (
              <Reveal as="li" key={card.id} className="service-card ticket">
                <LazyImage src={card.img} alt="" width={96} height={96} />
                <CardTitle text={card.title} />
                <CardText className="muted" text={card.desc} />
              </Reveal>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
