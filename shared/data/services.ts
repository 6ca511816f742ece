// Services: the home service cards, the eight company services of /service,
// the hover-highlight list and the footer's "Our Service" list.
import type { ServiceItem, ServiceListItem } from "./types";

/** Four service cards of the home page. */
export const homeServiceCards: ServiceItem[] = [
  {
    id: 1,
    title: "AI Agent Discovery",
    desc: "Browse a curated catalog of specialized agents, compare capabilities and download counts, and find the right agent for each task.",
    img: "/images/services/agent-discovery.svg",
  },
  {
    id: 2,
    title: "Lease & Rent AI Agents",
    desc: "Access powerful agents for a project, a season or a single task, with transparent on-chain terms and no long-term commitment.",
    img: "/images/services/lease-rent.svg",
  },
  {
    id: 3,
    title: "AI-as-a-Service",
    desc: "Use agents through a secure API and pay for what you use, while we handle hosting, scaling, monitoring and updates.",
    img: "/images/services/aiaas.svg",
  },
  {
    id: 4,
    title: "Custom AI Solutions",
    desc: "Need something that does not exist yet? Our engineers design, train and deploy agents built around your data and workflows.",
    img: "/images/services/custom-ai.svg",
  },
];

/** Eight service cards of /service, in the order of docs/product.md section 2. */
export const companyServices: ServiceItem[] = [
  {
    id: 1,
    title: "AI Agent Development",
    desc: "We design, build and test autonomous agents for your use case, from reactive bots to multi-agent systems, ready to deploy or list on the marketplace.",
    img: "/images/services/agent-development.svg",
  },
  {
    id: 2,
    title: "Blockchain Data Analytics",
    desc: "We turn raw on-chain data into dashboards, alerts and insights on wallets, protocols, liquidity and governance activity.",
    img: "/images/services/blockchain-analytics.svg",
  },
  {
    id: 3,
    title: "Adaptive Machine Learning",
    desc: "Models that keep learning from new data in production, with monitoring for drift and safe retraining pipelines.",
    img: "/images/services/adaptive-ml.svg",
  },
  {
    id: 4,
    title: "AI Strategy & Consulting",
    desc: "We help leadership teams find where AI creates real value, build a roadmap and set up the governance to deliver it responsibly.",
    img: "/images/services/strategy-consulting.svg",
  },
  {
    id: 5,
    title: "Process Automation Agents",
    desc: "Agents that take over repetitive back-office work such as reconciliation, reporting and onboarding, and hand exceptions to your team.",
    img: "/images/services/process-automation.svg",
  },
  {
    id: 6,
    title: "AI for Education & Research",
    desc: "Adaptive tutoring, research assistants and data tooling for schools, universities and research labs.",
    img: "/images/services/education-research.svg",
  },
  {
    id: 7,
    title: "AI-Powered Cybersecurity",
    desc: "Agents that watch networks, wallets and smart contracts for threats and respond in seconds, with every action logged for review.",
    img: "/images/services/cybersecurity.svg",
  },
  {
    id: 8,
    title: "AI Innovation Labs",
    desc: "Short, focused sprints to prototype new agent ideas with your team, test them in metaverse environments and decide what to scale.",
    img: "/images/services/innovation-labs.svg",
  },
];

/** Hover-highlight service list (the five company services of docs/product.md section 1). */
export const serviceList: ServiceListItem[] = [
  {
    id: 1,
    title: "AI Agent Development",
    desc: "Custom autonomous agents designed, trained and tested for your workflows.",
  },
  {
    id: 2,
    title: "Blockchain Data Analytics",
    desc: "On-chain data turned into clear insights, dashboards and real-time alerts.",
  },
  {
    id: 3,
    title: "Adaptive Machine Learning",
    desc: "Models that learn continuously from new data and stay accurate in production.",
  },
  {
    id: 4,
    title: "AI Strategy & Consulting",
    desc: "A practical roadmap from first use case to responsible AI at scale.",
  },
  {
    id: 5,
    title: "Process Automation Agents",
    desc: "Agents that run repetitive operations end to end and escalate the exceptions.",
  },
];

// The footer's list lives in its own module: the footer is on every route, and importing it from
// here would put all the service data above into every route's first-load JavaScript.
export { footerServices } from "./footerServices";
