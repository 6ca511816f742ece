import type { AgentCard as AgentCardData } from "../../shared/data/types.ts";
import { AgentCard } from "./AgentCard.tsx";
import { Carousel, type CarouselBreakpoint } from "./carousel/Carousel.tsx";

// docs/product.md section 9: 3 cards, 2 below 1024 px, 1 below 768 px; speed 500; no dots, not infinite.
// .carousel--agents in inner.css mirrors these breakpoints for the server-rendered track.
const breakpoints: readonly CarouselBreakpoint[] = [
  { minWidth: 0, slidesPerView: 1 },
  { minWidth: 768, slidesPerView: 2 },
  { minWidth: 1024, slidesPerView: 3 },
];

export function AgentSlider({ label, agents }: { label: string; agents: readonly AgentCardData[] }) {
  return (
    <Carousel
      label={label}
      items={agents}
      getKey={(agent) => agent.key}
      renderItem={(agent) => <AgentCard agent={agent} />}
      breakpoints={breakpoints}
      gap={24}
      speed={500}
      className="carousel--agents"
    />
  );
}
