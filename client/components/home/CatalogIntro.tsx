import { catalogFeatures, catalogIntro } from "../../../shared/data/home.ts";
import { homeAgents } from "../../../shared/data/agents.ts";
import { Reveal } from "../Reveal.tsx";
import { HomeIcon } from "./HomeIcon.tsx";
import { KeepWords } from "../KeepWords.tsx";
import { SectionHeading } from "./SectionHeading.tsx";

/** Catalog intro: its three feature blocks, then the eleven agents of the home list. */
export function CatalogIntro() {
  return (
    <section className="section below-fold" aria-labelledby="catalog-title">
      <div className="container">
        <Reveal>
          <SectionHeading id="catalog-title" eyebrow="AI Agent Catalog" title={catalogIntro.title}>
            {catalogIntro.text}
          </SectionHeading>
        </Reveal>
        <ul className="feature-grid card-set" aria-label="What the catalog offers">
          {catalogFeatures.map((feature) => (
            <Reveal as="li" key={feature.title} className="feature-card" effect="zoom">
              <span className="icon-badge">
                <HomeIcon name={feature.icon} size={28} />
              </span>
              <h3>
                <KeepWords text={feature.title} />
              </h3>
              <p className="muted">{feature.text}</p>
            </Reveal>
          ))}
        </ul>
        <h3 className="agent-list__heading">Featured agents</h3>
        {/* The first agent spans two columns: eleven cards then fill every row of the 2, 3 and 4-column grids. */}
        <ul className="agent-list" aria-label="Featured agents">
          {homeAgents.map((agent) => (
            <li key={agent.key} className="agent-chip">
              <img
                className="agent-chip__art"
                src={agent.image}
                alt=""
                width={400}
                height={260}
                loading="lazy"
                decoding="async"
              />
              <div className="agent-chip__body">
                <span className="agent-chip__category">
                  <KeepWords text={agent.category} />
                </span>
                <span className="agent-chip__name">{agent.name}</span>
                <span className="agent-chip__downloads">
                  <HomeIcon name="download" size={16} />
                  {agent.downloads} downloads
                </span>
                <p className="agent-chip__desc">{agent.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
