import type { AgentCard as AgentCardData } from "../../shared/data/types.ts";
import { Icon, LazyImage } from "./Icon.tsx";
import { KeepWords } from "./KeepWords.tsx";

/**
 * One agent, the same card wherever the site lists agents (the home page's featured agents and the
 * Category slider): its picture, then the category tag, the name, the download count (the figure
 * in the text colour, the word muted, the icon in signal) and the description. Only the heading
 * level follows the page's outline.
 */
export function AgentCard({ agent, heading = "h3" }: { agent: AgentCardData; heading?: "h3" | "h4" }) {
  const Title = heading;
  return (
    <article className="agent-card">
      <div className="agent-card__media">
        <LazyImage src={agent.image} alt="" width={320} height={200} />
      </div>
      <div className="agent-card__body">
        <span className="agent-card__category">
          <KeepWords text={agent.category} />
        </span>
        <Title className="agent-card__title">
          <KeepWords text={agent.name} />
        </Title>
        <p className="agent-card__downloads">
          <Icon name="download" size={16} />
          <span>
            <strong>{agent.downloads}</strong> downloads
          </span>
        </p>
        <p className="agent-card__desc">
          <KeepWords text={agent.description} />
        </p>
      </div>
    </article>
  );
}
