// The six industries of the tabbed section on /service and /Category. The first tab is active by default.
import type { Industry } from "./types";

export const industries: Industry[] = [
  {
    id: 1,
    title: "Healthcare AI",
    desc1:
      "AI agents triage patient enquiries, summarise clinical notes and flag anomalies in imaging or lab results so clinicians can focus on care.",
    desc2:
      "Every deployment is designed around data protection and human oversight: agents support decisions, they never replace the clinician who makes them.",
    image: "/images/industries/healthcare.svg",
    thumbShape: "/images/shapes/thumb-shape-1.svg",
  },
  {
    id: 2,
    title: "Finance AI",
    desc1:
      "From fraud detection to credit risk scoring, finance agents analyse transactions in real time and surface the patterns humans would miss.",
    desc2:
      "Explainable models and full audit trails help banks and asset managers meet regulatory expectations while they automate routine reviews.",
    image: "/images/industries/finance.svg",
    thumbShape: "/images/shapes/thumb-shape-2.svg",
  },
  {
    id: 3,
    title: "Education AI",
    desc1:
      "Adaptive tutoring agents adjust pace and difficulty to each learner, while marking assistants give students faster and more consistent feedback.",
    desc2:
      "Schools, universities and training providers use our agents to personalise learning at scale and free teachers' time for the work only people can do.",
    image: "/images/industries/education.svg",
    thumbShape: "/images/shapes/thumb-shape-3.svg",
  },
  {
    id: 4,
    title: "Manufacturing AI",
    desc1:
      "Predictive maintenance agents read sensor data to anticipate equipment failures, and vision agents spot defects on the line before products ship.",
    desc2:
      "Multi-agent scheduling balances machines, materials and shifts, reducing downtime and waste across the whole plant.",
    image: "/images/industries/manufacturing.svg",
    thumbShape: "/images/shapes/thumb-shape-1.svg",
  },
  {
    id: 5,
    title: "FinTech AI",
    desc1:
      "FinTech teams lease agents for on-chain analytics, automated compliance checks and DeFi portfolio management without building them from scratch.",
    desc2:
      "Agents plug into wallets, payment rails and smart contracts through secure APIs, so products can launch faster with risk controls built in.",
    image: "/images/industries/fintech.svg",
    thumbShape: "/images/shapes/thumb-shape-2.svg",
  },
  {
    id: 6,
    title: "E-Commerce AI",
    desc1:
      "Conversational shopping assistants, dynamic pricing agents and demand forecasting help online retailers sell more while carrying less stock.",
    desc2:
      "Agents can be tested with virtual shoppers in metaverse storefronts before they go live, so you see how they perform before customers do.",
    image: "/images/industries/ecommerce.svg",
    thumbShape: "/images/shapes/thumb-shape-3.svg",
  },
];
