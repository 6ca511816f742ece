import type { AgentCard as AgentCardData } from "../../shared/data/types.ts";
import { Icon } from "./Icon.tsx";
import { KeepWords } from "./KeepWords.tsx";

/**
 * One agent of the Category slider: image, download count, name and description. Built like the
 * home page's featured agents (client/components/home/CatalogIntro.tsx): the picture, then the
 * category tag at the head of the text, the same tag, tint and hover.
 */
export function AgentCard({ agent }: { agent: AgentCardData }) {
  return (
    <article className="agent-card">
      <div className="agent-card__media">
        <img src={agent.image} alt="" width={400} height={260} loading="lazy" decoding="async" />
      </div>
      <div className="agent-card__body">
        <span className="agent-card__category">
          <KeepWords text={agent.category} />
        </span>
        <p className="agent-card__downloads">
          <Icon name="download" size={18} />
          <span>
            <strong>{agent.downloads}</strong> downloads
          </span>
        </p>
        <h3 className="agent-card__title">
          <KeepWords text={agent.name} />
        </h3>
        <p className="agent-card__desc">{agent.description}</p>
      </div>
    </article>
  );
}
