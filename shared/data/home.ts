// Text content of the Home page (/) not covered by the other data modules.
// Icon fields are names the UI maps to its own SVG icons.
import type {
  BlogTeaser,
  CaseStudy,
  ConsultingCta,
  FeatureBlock,
  FutureScopeCard,
  Hero,
  PointsBlock,
  SectionTitles,
  TeamMember,
  Testimonial,
  TitledBlock,
  ValueCard,
} from "./types";

export const sectionTitles: SectionTitles = {
  about: "A Marketplace Built for the Agent Economy",
  services: "What We Do",
  articles: "News & Articles",
  testimonials: "What Our Clients Say",
  blog: "Latest From Our Blog",
  catalog: "One Marketplace, Every Kind of AI Agent",
  security: "Security and Trust by Design",
  futureScope: "Future Scope & Industry Use Cases",
  caseStudies: "Project Case Study",
  consulting: "Talk to an AI Consultant",
  team: "AI Expert Team",
  valueCards: "Leading the AI Revolution",
  stats: "The Marketplace in Numbers",
  serviceCards: "How You Can Use AI Agents",
};

export const hero: Hero = {
  eyebrow: "Decentralized AI Agent Marketplace",
  title: "Buy, Lease, Rent or Use AI Agents as a Service",
  text: "Discover specialized AI agents for Web3 companies, DAOs and enterprises. Test them in metaverse environments, then acquire them the way that suits you: outright, on a lease, by the hour or as a service.",
};

export const about: PointsBlock = {
  title: "A Marketplace Built for the Agent Economy",
  text: "AgentVerse AI connects the providers who build AI agents with the organisations that need them. Providers list their agents once and reach clients worldwide; clients compare, test and acquire agents with clear terms recorded on-chain. Behind the marketplace is an AI services company that designs custom agents and helps teams put them to work.",
  points: [
    "Specialized agents from reactive bots to multi-agent systems",
    "Purchase, lease, rent or AI-as-a-Service",
    "Agents tested in metaverse environments before you commit",
    "Transparent, smart-contract-based terms for providers and clients",
  ],
};

export const catalogIntro: TitledBlock = {
  title: "One Marketplace, Every Kind of AI Agent",
  text: "Whether you need an agent that reacts in milliseconds, plans complex work or governs a DAO treasury, the catalog brings them together with clear descriptions, usage figures and flexible ways to acquire them.",
};

export const catalogFeatures: FeatureBlock[] = [
  {
    title: "Diverse AI Agent Catalog",
    text: "Reactive, deliberative, hybrid, learning, autonomous, multi-agent, conversational and value-aligned agents, expert systems, and DeFi and DAO-governance agents, all in one place.",
    icon: "catalog",
  },
  {
    title: "Flexible Acquisition Models",
    text: "Purchase an agent outright, lease it for a fixed term, rent it for a single task or call it as AI-as-a-Service. Pick the model that fits your budget and timeline.",
    icon: "layers",
  },
  {
    title: "Metaverse Integration",
    text: "Try agents in virtual environments that mirror real scenarios, from digital storefronts to simulated supply chains, and see how they perform before you deploy them.",
    icon: "globe",
  },
];

export const security: PointsBlock = {
  title: "Security and Trust by Design",
  text: "Every agent and every agreement on the marketplace is built to be verifiable. Ownership, access rights and payments are enforced by audited smart contracts, and agents run with the least privilege they need to do their job.",
  points: [
    "Audited smart contracts for purchases, leases and rentals",
    "Wallet-based access with time-limited permissions",
    "Encrypted data in transit and at rest",
    "Activity logs for every agent action, ready for review",
  ],
};

export const futureScope: FutureScopeCard[] = [
  {
    key: "web3-retail",
    title: "Web3 Retail & Customer Service",
    text: "Conversational agents assist shoppers in digital and metaverse storefronts, answer questions about tokens and NFTs, and resolve orders around the clock.",
    icon: "shopping-bag",
  },
  {
    key: "education-learners",
    title: "Education & Training",
    text: "Adaptive tutoring agents personalise lessons for each student, track progress and give instant feedback, helping learners move at their own pace.",
    icon: "graduation-cap",
  },
  {
    key: "healthcare",
    title: "Healthcare & Diagnostics",
    text: "Expert-system and learning agents support clinicians with triage, image analysis and patient follow-up, always under human supervision.",
    icon: "heart-pulse",
  },
  {
    key: "logistics",
    title: "Logistics & Supply Chain",
    text: "Multi-agent systems coordinate routing, warehousing and inventory, reacting to delays and demand changes before they become shortages.",
    icon: "truck",
  },
  {
    key: "enterprise-dao",
    title: "Enterprise & DAO Operations",
    text: "Governance and process agents summarise proposals, manage treasuries and automate reporting, so enterprises and DAOs can operate transparently at scale.",
    icon: "building",
  },
  {
    key: "education-workforce",
    title: "Education & Training",
    text: "Simulation agents in virtual environments train teams on new tools, compliance and customer scenarios, turning workforce upskilling into hands-on practice.",
    icon: "users",
  },
];

/** Four case-study cards; their links go to the site root. */
export const caseStudies: CaseStudy[] = [
  {
    id: 1,
    title: "DAO Treasury Automation",
    category: "Enterprise & DAO Operations",
    image: "/images/case-studies/dao-treasury.svg",
    href: "/",
  },
  {
    id: 2,
    title: "24/7 Support Agent for a Web3 Exchange",
    category: "Conversational Agents",
    image: "/images/case-studies/exchange-support.svg",
    href: "/",
  },
  {
    id: 3,
    title: "Predictive Maintenance for a Smart Factory",
    category: "Manufacturing AI",
    image: "/images/case-studies/smart-factory.svg",
    href: "/",
  },
  {
    id: 4,
    title: "Adaptive Learning Platform Pilot",
    category: "Education AI",
    image: "/images/case-studies/adaptive-learning.svg",
    href: "/",
  },
];

export const consulting: ConsultingCta = {
  title: "Talk to an AI Consultant",
  text: "Not sure which agent or acquisition model fits your project? Book a session with our consultants and get a clear plan, from first use case to deployment.",
  offer: "40% off the first month of AI support",
};

export const team: TeamMember[] = [
  {
    id: 1,
    name: "Oliver Grant",
    role: "CEO & Founder",
    bio: "Oliver has spent fifteen years building fintech and Web3 products and founded AgentVerse AI to make specialized AI agents accessible to every organisation.",
    portrait: "/images/team/oliver-grant.svg",
  },
  {
    id: 2,
    name: "Dr Nadia Rahman",
    role: "CTO & Co-Founder",
    bio: "Nadia leads the engineering of the marketplace and its agents, drawing on a PhD in multi-agent systems and a decade of applied machine learning.",
    portrait: "/images/team/nadia-rahman.svg",
  },
  {
    id: 3,
    name: "Tomasz Kowalski",
    role: "Cloud Architect/DevOps Engineer",
    bio: "Tomasz designs the cloud and blockchain infrastructure that keeps agents secure, observable and available, and automates everything from build to deploy.",
    portrait: "/images/team/tomasz-kowalski.svg",
  },
];

/** Three value cards of "Leading the AI Revolution". */
export const valueCards: ValueCard[] = [
  {
    id: 1,
    title: "Responsible Innovation",
    text: "We build agents that are transparent, auditable and aligned with the values of the people who use them.",
    icon: "shield-check",
  },
  {
    id: 2,
    title: "Open Marketplace",
    text: "Providers of every size can list their agents and reach clients worldwide on fair, clearly stated terms.",
    icon: "network",
  },
  {
    id: 3,
    title: "Results That Scale",
    text: "From a single rented agent to a fleet of autonomous systems, our solutions grow with your ambitions.",
    icon: "rocket",
  },
];

/** Two testimonials; the fade slider shows four slides alternating them. */
export const testimonials: Testimonial[] = [
  {
    id: 1,
    quote:
      "Renting a governance agent let our DAO clear a backlog of proposals in weeks instead of months. Every action is on-chain, so our members trust the results.",
    name: "Laura Jensen",
    role: "Operations Lead",
    company: "Northwind DAO",
  },
  {
    id: 2,
    quote:
      "We tested three support agents in a virtual storefront before choosing one. It now handles most of our customer questions and our team focuses on the hard cases.",
    name: "Ravi Mehta",
    role: "Head of Customer Experience",
    company: "Lumen Commerce",
  },
];

/** Three blog teasers; View All Post and Read More link to the site root. */
export const blogTeasers: BlogTeaser[] = [
  {
    id: 1,
    title: "Buy, Lease or Rent? Choosing the Right Model for Your AI Agent",
    date: "2025-07-24",
    excerpt:
      "A practical guide to the costs, control and flexibility of each acquisition model, with examples from real projects.",
    image: "/images/blog/acquisition-models.svg",
    imageAlt: "Buy for 2,400 USDC once, lease for 180 USDC a month or rent for 12 USDC a task, side by side, the lease chosen",
    href: "/",
  },
  {
    id: 2,
    title: "Why We Test Every Agent in a Virtual World First",
    date: "2025-07-10",
    excerpt:
      "Metaverse test environments reveal how agents cope with busy days, odd requests and edge cases, long before customers meet them.",
    image: "/images/blog/virtual-testing.svg",
    imageAlt: "A virtual test run: 47 of 50 scenarios passed, a refund loop failed",
    href: "/",
  },
  {
    id: 3,
    title: "Five Questions to Ask Before You Deploy an Autonomous Agent",
    date: "2025-06-26",
    excerpt:
      "Goals, limits, oversight, logging and exit plans: the checklist our consultants use with every client.",
    image: "/images/blog/autonomous-checklist.svg",
    imageAlt: "Five questions before deploying, four answered, the deploy switch off until the exit plan is",
    href: "/",
  },
];
