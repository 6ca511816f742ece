import { categoryMeta } from "../../shared/meta/category.ts";
import { agentCategories, emptyCategoryMessage } from "../../shared/data/agentCategories.ts";
import { categoryAgents } from "../../shared/data/categoryAgents.ts";
import { AgentSlider } from "../components/AgentSlider.tsx";
import { IndustriesTabs } from "../components/IndustriesTabs.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import type { Panel } from "../components/HeaderPanel.tsx";
import { Reveal } from "../components/Reveal.tsx";
import { Tabs } from "../components/Tabs.tsx";
import { WhyChooseUs } from "../components/WhyChooseUs.tsx";
import { CardTitle } from "../components/KeepWords.tsx";
import { SectionTitle } from "../components/SectionHeading.tsx";

/** The category the header's window shows: not the catalog's default tab (Reactive Agents) but the
 * next (with the default, the header repeated the catalog a screen below, round 90). */
const shown = "Deliberative Agents";
const shownAgents = categoryAgents.filter((agent) => agent.category === shown);

/**
 * The header's window: a category's agents as the catalog shows them, a filter over a grid of
 * agent tiles with their downloads (drawn by layout.css from the same rows, so the page carries no
 * more script: its first load is at its ceiling). Its tag is the category's count, a catalog's
 * result line.
 */
const panel: Panel = {
  title: shown,
  tag: `${shownAgents.length} agents`,
  rows: shownAgents.slice(0, 4).map((agent, i) => [agent.name, agent.downloads, i === 0 ? "live" : "done"] as const),
};

/** Agent catalog by category: the tab row (default Reactive Agents) filters the card slider. */
export function CategoryPage() {
  return (
    <>
      <PageHeader meta={categoryMeta} panel={panel} />
      <section className="section category" aria-labelledby="category-title">
        <div className="container">
          <Reveal className="section-heading">
            <SectionTitle id="category-title" title="Explore AI Agents by Category">
              From simple reactive bots to multi-agent systems: choose a category to see the agents you can buy, lease,
              rent or use as a service.
            </SectionTitle>
          </Reveal>
          <Tabs
            label="Agent categories"
            className="category__tabs"
            listClassName="tabs__list--pills"
            items={agentCategories.map((category) => {
              const agents = categoryAgents.filter((agent) => agent.category === category);
              return {
                key: category,
                label: category,
                panel: (
                  <>
                    <CardTitle className="tabs__panel-title" text={category} />
                    {agents.length > 0 ? (
                      <AgentSlider label={category} agents={agents} />
                    ) : (
                      <p className="empty-state">{emptyCategoryMessage}</p>
                    )}
                  </>
                ),
              };
            })}
          />
        </div>
      </section>
      <WhyChooseUs />
      <IndustriesTabs />
    </>
  );
}
