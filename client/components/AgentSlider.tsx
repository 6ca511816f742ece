import type { AgentCard as AgentCardData } from "../../shared/data/types.ts";
import { AgentCard } from "./AgentCard.tsx";
import { Carousel } from "./carousel/Carousel.tsx";

// docs/product.md section 9: 3 cards, 2 below 1024 px, 1 below 768 px; no dots, not infinite.
// .carousel--agents in inner.css sets these breakpoints on the track.
export function AgentSlider({ label, agents }: { label: string; agents: readonly AgentCardData[] }) {
  return (
    <Carousel
      label={label}
      items={agents}
      getKey={(agent) => agent.key}
      renderItem={(agent) => <AgentCard agent={agent} />}
      className="carousel--agents"
    />
  );
}
