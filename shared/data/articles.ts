// Nine external articles of the articles carousel. Each url is a real public page on the subject;
// Read More opens it in a new tab.
import type { Article } from "./types";

export const articles: Article[] = [
  {
    id: 1,
    url: "https://en.wikipedia.org/wiki/Intelligent_agent",
    author: "Amelia Hart",
    date: "2025-07-28",
    title: "What Makes an Agent Intelligent?",
    excerpt:
      "An intelligent agent perceives its environment, decides and acts towards a goal. Here is how that simple definition covers everything from thermostats to trading bots.",
    content:
      "The idea of an intelligent agent sits at the heart of modern AI. An agent senses its environment through inputs, chooses actions according to an objective and learns or adapts as it goes. Simple reflex agents react to the current input; model-based and goal-based agents keep an internal picture of the world and plan ahead; utility-based and learning agents weigh trade-offs and improve with experience. Understanding these families helps buyers pick the right agent for a task instead of paying for capabilities they do not need.",
    image: "/images/articles/intelligent-agents.svg",
    imageAlt: "Illustration of an AI agent perceiving signals and acting on them",
  },
  {
    id: 2,
    url: "https://en.wikipedia.org/wiki/Multi-agent_system",
    author: "Daniel Okafor",
    date: "2025-07-21",
    title: "Multi-Agent Systems: When Agents Work as a Team",
    excerpt:
      "Some problems are too large for one agent. Multi-agent systems split the work between cooperating, and sometimes competing, autonomous agents.",
    content:
      "A multi-agent system is a group of interacting agents that together solve problems no single agent could handle alone. Each agent has a partial view and its own capabilities; coordination comes from negotiation, shared protocols or market mechanisms. Logistics networks, energy grids and DAO operations are natural fits, because work is already distributed. The main design questions are how agents communicate, how conflicts are resolved and how the system stays robust when one member fails.",
    image: "/images/articles/multi-agent-systems.svg",
    imageAlt: "Network of connected agents exchanging messages",
  },
  {
    id: 3,
    url: "https://en.wikipedia.org/wiki/Decentralized_autonomous_organization",
    author: "Priya Raman",
    date: "2025-07-14",
    title: "DAOs and the Rise of Agent-Assisted Governance",
    excerpt:
      "Decentralized autonomous organizations run on smart contracts and member votes. AI agents can now help members keep up with proposals and treasury decisions.",
    content:
      "A decentralized autonomous organization coordinates people through rules written in smart contracts rather than a central management team. Members propose changes, vote with tokens and let the code execute the outcome. As DAOs grow, the volume of proposals and treasury operations outpaces what volunteers can review. Governance agents can summarise proposals, flag conflicts with the DAO's charter and execute approved payments, while every action remains transparent on-chain.",
    image: "/images/articles/dao-governance.svg",
    imageAlt: "DAO members voting on a proposal with an agent summarising it",
  },
  {
    id: 4,
    url: "https://en.wikipedia.org/wiki/Reinforcement_learning",
    author: "Marcus Bell",
    date: "2025-07-07",
    title: "Reinforcement Learning in Plain English",
    excerpt:
      "Reinforcement learning teaches agents by reward and penalty rather than labelled examples. It is the engine behind many of today's adaptive agents.",
    content:
      "In reinforcement learning an agent tries actions in an environment and receives a reward signal telling it how well it did. Over many episodes it learns a policy that maximises the long-term reward, balancing exploration of new actions against exploitation of what already works. The approach powers game-playing systems, robotics and trading strategies. For marketplace buyers, the key questions are what the agent was rewarded for, how it was tested and how it behaves outside the conditions it trained in.",
    image: "/images/articles/reinforcement-learning.svg",
    imageAlt: "Agent loop of action, environment and reward",
  },
  {
    id: 5,
    url: "https://en.wikipedia.org/wiki/Smart_contract",
    author: "Sofia Marin",
    date: "2025-06-30",
    title: "Smart Contracts: The Rails of an Agent Marketplace",
    excerpt:
      "Smart contracts make leasing and renting AI agents verifiable: terms, payments and access rights are enforced by code rather than trust.",
    content:
      "A smart contract is a program stored on a blockchain that executes automatically when agreed conditions are met. In an AI agent marketplace, contracts can record who owns an agent, grant time-limited access to a lessee, release payments per use and split revenue between providers. Because the rules are public and the execution is deterministic, both parties can verify the terms before they commit. Audits and careful upgrade paths remain essential, as deployed code is hard to change.",
    image: "/images/articles/smart-contracts.svg",
    imageAlt: "Smart contract document linked to blockchain blocks",
  },
  {
    id: 6,
    url: "https://en.wikipedia.org/wiki/Metaverse",
    author: "Amelia Hart",
    date: "2025-06-23",
    title: "Testing AI Agents in the Metaverse",
    excerpt:
      "Virtual worlds offer a safe, observable sandbox where agents can be tried against realistic scenarios before they touch real customers or funds.",
    content:
      "The metaverse describes persistent, shared virtual spaces where people and software interact in real time. For AI agents these spaces are valuable test grounds: a retail assistant can serve simulated shoppers, a logistics agent can route virtual fleets and a governance agent can run mock votes. Clients see how an agent behaves, under load and in edge cases, before they buy, lease or rent it, which lowers risk for both sides of the marketplace.",
    image: "/images/articles/metaverse-testing.svg",
    imageAlt: "AI agent avatar being tested in a virtual world",
  },
  {
    id: 7,
    url: "https://en.wikipedia.org/wiki/Expert_system",
    author: "Daniel Okafor",
    date: "2025-06-16",
    title: "Expert Systems Are Back, and They Explain Themselves",
    excerpt:
      "Rule-based expert systems were one of AI's first commercial successes. Their transparency makes them relevant again in regulated industries.",
    content:
      "An expert system captures the knowledge of specialists as a knowledge base of facts and rules, and uses an inference engine to reach conclusions. Early systems diagnosed infections and configured computers; today they support compliance checks, equipment maintenance and underwriting. Their great strength is explainability: every conclusion can be traced to the rules that produced it. Combined with machine learning for perception, they make reliable components of hybrid agents.",
    image: "/images/articles/expert-systems.svg",
    imageAlt: "Knowledge base and inference engine diagram",
  },
  {
    id: 8,
    url: "https://en.wikipedia.org/wiki/Decentralized_finance",
    author: "Priya Raman",
    date: "2025-06-09",
    title: "DeFi Agents: Automation for Decentralized Finance",
    excerpt:
      "Decentralized finance never closes. Autonomous agents help users and treasuries follow markets, manage risk and rebalance around the clock.",
    content:
      "Decentralized finance offers lending, trading and yield products through smart contracts instead of banks and brokers. Markets run 24 hours a day and conditions change within seconds, which suits automated agents well. DeFi agents can rebalance portfolios, move liquidity to better pools, repay loans before liquidation and watch for protocol risks. Clear limits, transparent logs and the ability to pause an agent are essential safeguards before handing it real funds.",
    image: "/images/articles/defi-agents.svg",
    imageAlt: "Agent rebalancing tokens between DeFi pools",
  },
  {
    id: 9,
    url: "https://en.wikipedia.org/wiki/Chatbot",
    author: "Marcus Bell",
    date: "2025-06-02",
    title: "From Chatbots to Conversational Agents",
    excerpt:
      "Chatbots started as scripted question-and-answer tools. Large language models have turned them into conversational agents that can take action.",
    content:
      "A chatbot is software that holds a conversation with people in text or speech. Early chatbots matched keywords against scripted replies; modern conversational agents understand intent, keep context across a conversation and call tools to book, pay or look up information. For businesses they handle routine support at any hour and pass complex cases to staff. Good deployments are honest about being automated, protect personal data and make it easy to reach a human.",
    image: "/images/articles/conversational-agents.svg",
    imageAlt: "Chat window with a conversational AI agent",
  },
];
