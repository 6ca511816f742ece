// Why-choose-us block of the Category page (anchor whychooseus).
import type { WhyChooseUs } from "./types";

export const whyChooseUs: WhyChooseUs = {
  title: "Why Choose Us",
  text: "We combine deep AI engineering with hands-on Web3 experience, so the agents you find here are built to perform and built to be trusted.",
  points: [
    {
      title: "Expertise",
      text: "Our engineers and consultants have shipped machine learning, multi-agent and blockchain systems for startups, enterprises and DAOs.",
      icon: "award",
    },
    {
      title: "Customization",
      text: "Every agent can be tuned to your data, rules and workflows, or built from scratch when nothing off the shelf fits.",
      icon: "sliders",
    },
    {
      title: "Innovation",
      text: "We test new agent designs in metaverse environments and bring what works to the marketplace quickly.",
      icon: "lightbulb",
    },
    {
      title: "Scalability",
      text: "Start with one rented agent and grow to a fleet: our infrastructure scales with your demand without re-engineering.",
      icon: "trending-up",
    },
  ],
};
