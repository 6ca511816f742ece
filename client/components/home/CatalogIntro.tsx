import { catalogFeatures, catalogIntro } from "../../../shared/data/home.ts";
import { homeAgents } from "../../../shared/data/agents.ts";
import { AgentCard } from "../AgentCard.tsx";
import { FeatureList } from "../FeatureCard.tsx";
import { Reveal } from "../Reveal.tsx";
import { SectionHeading } from "../SectionHeading.tsx";

/** Catalog intro: its three feature blocks, then the eleven agents of the home list. */
export function CatalogIntro() {
  return (
    <section className="section below-fold" aria-labelledby="catalog-title">
      <div className="container">
        <Reveal>
          <SectionHeading id="catalog-title" title={catalogIntro.title}>
            {catalogIntro.text}
          </SectionHeading>
        </Reveal>
        <FeatureList
          className="feature-grid card-set"
          label="What the catalog offers"
          items={catalogFeatures}
          look="catalog"
        />
        <div className="agent-list__heading">
          <h3>Featured Agents</h3>
        </div>
        {/* The first agent spans two columns: eleven cards then fill every row of the 2, 3 and 4-column grids. */}
        <ul className="agent-list" aria-label="Featured Agents">
          {homeAgents.map((agent) => (
            <li key={agent.key}>
              <AgentCard agent={agent} heading="h4" />
            </li>
          ))}
        </ul>
        {/* The first full rows of agents (three on phones, five in two or three columns), then
            this switch for the rest (agent-card.css): eleven pictures ran to six
            screens on phones and three rows of dashboards wide. A checkbox, so it works before
            the script arrives. */}
        <label className="agent-more button button--ghost">
          <input type="checkbox" className="agent-more__switch" />
          <span className="agent-more__show">Show all {homeAgents.length} agents</span>
          {/* The switch's name stays "Show all 11 agents" (its checked state says they are shown);
              this is only the words a sighted visitor reads once they are. */}
          <span className="agent-more__hide" aria-hidden="true">
            Show fewer agents
          </span>
        </label>
      </div>
    </section>
  );
}
