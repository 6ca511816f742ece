// The external articles of the articles carousel (home and /RecentArticles), in the order shown.
// Adding one is one entry here: pages, tests and budgets follow the list. Each url is a real
// public page on the subject; Read More opens it in a new tab. A full text, if kept, goes in
// articleContents.ts: no screen shows it, so the browser bundle does not carry it.
import type { ArticleSummary } from "./types";

export const articles: ArticleSummary[] = [
  {
    id: 1,
    url: "https://en.wikipedia.org/wiki/Intelligent_agent",
    author: "Amelia Hart",
    date: "2025-07-28",
    title: "What Makes an Agent Intelligent?",
    excerpt:
      "An intelligent agent perceives its environment, decides and acts towards a goal. Here is how that simple definition covers everything from thermostats to trading bots.",
    image: "/images/articles/intelligent-agents.svg",
    imageAlt: "An agent's loop: it reads the room at 18.5 degrees, decides that is 2.5 under its goal of 21 and turns the heating on",
  },
  {
    id: 2,
    url: "https://en.wikipedia.org/wiki/Multi-agent_system",
    author: "Daniel Okafor",
    date: "2025-07-21",
    title: "Multi-Agent Systems: When Agents Work as a Team",
    excerpt:
      "Some problems are too large for one agent. Multi-agent systems split the work between cooperating, and sometimes competing, autonomous agents.",
    image: "/images/articles/multi-agent-systems.svg",
    imageAlt: "Three agents hand one restocking task along: Scout reports the stock, Planner orders 120 units, Courier books the truck",
  },
  {
    id: 3,
    url: "https://en.wikipedia.org/wiki/Decentralized_autonomous_organization",
    author: "Priya Raman",
    date: "2025-07-14",
    title: "DAOs and the Rise of Agent-Assisted Governance",
    excerpt:
      "Decentralized autonomous organizations run on smart contracts and member votes. AI agents can now help members keep up with proposals and treasury decisions.",
    image: "/images/articles/dao-governance.svg",
    imageAlt: "A DAO proposal to fund an 18k USDC audit, 64% for and 28% against, with the Quorum agent recommending a vote for and why",
  },
  {
    id: 4,
    url: "https://en.wikipedia.org/wiki/Reinforcement_learning",
    author: "Marcus Bell",
    date: "2025-07-07",
    title: "Reinforcement Learning in Plain English",
    excerpt:
      "Reinforcement learning teaches agents by reward and penalty rather than labelled examples. It is the engine behind many of today's adaptive agents.",
    image: "/images/articles/reinforcement-learning.svg",
    imageAlt: "A training run: a robot's reward climbing from -0.85 to +0.82 over 1,200 episodes, +1 at the exit, -1 at a wall",
  },
  {
    id: 5,
    url: "https://en.wikipedia.org/wiki/Smart_contract",
    author: "Sofia Marin",
    date: "2025-06-30",
    title: "Smart Contracts: The Rails of an Agent Marketplace",
    excerpt:
      "Smart contracts make leasing and renting AI agents verifiable: terms, payments and access rights are enforced by code rather than trust.",
    image: "/images/articles/smart-contracts.svg",
    imageAlt: "A lease contract for an agent at 180 USDC a month, 540 USDC in escrow, signed in block 18,204,551",
  },
  {
    id: 6,
    url: "https://en.wikipedia.org/wiki/Metaverse",
    author: "Amelia Hart",
    date: "2025-06-23",
    title: "Testing AI Agents in the Metaverse",
    excerpt:
      "Virtual worlds offer a safe, observable sandbox where agents can be tried against realistic scenarios before they touch real customers or funds.",
    image: "/images/articles/metaverse-testing.svg",
    imageAlt: "An agent tested in a virtual store: a simulated customer asks where her order is; 118 of 120 visitors handled",
  },
  {
    id: 7,
    url: "https://en.wikipedia.org/wiki/Expert_system",
    author: "Daniel Okafor",
    date: "2025-06-16",
    title: "Expert Systems Are Back, and They Explain Themselves",
    excerpt:
      "Rule-based expert systems were one of AI's first commercial successes. Their transparency makes them relevant again in regulated industries.",
    image: "/images/articles/expert-systems.svg",
    imageAlt: "An expert system checks a loan against three rules; the debt rule fires at 46%, so it refers the loan to a person and says why",
  },
  {
    id: 8,
    url: "https://en.wikipedia.org/wiki/Decentralized_finance",
    author: "Priya Raman",
    date: "2025-06-09",
    title: "DeFi Agents: Automation for Decentralized Finance",
    excerpt:
      "Decentralized finance never closes. Autonomous agents help users and treasuries follow markets, manage risk and rebalance around the clock.",
    image: "/images/articles/defi-agents.svg",
    imageAlt: "A vault rebalanced at 03:14 on a Sunday: ETH had drifted to 58%, the agent sold 4 ETH for 12,470 USDC and staked 1.5 ETH",
  },
  {
    id: 9,
    url: "https://en.wikipedia.org/wiki/Chatbot",
    author: "Marcus Bell",
    date: "2025-06-02",
    title: "From Chatbots to Conversational Agents",
    excerpt:
      "Chatbots started as scripted question-and-answer tools. Large language models have turned them into conversational agents that can take action.",
    image: "/images/articles/conversational-agents.svg",
    imageAlt: "A conversational agent asked to deliver a parcel on Friday moves order 4471 itself and says so",
  },
];
