// The home-page agent list. The categories live in agentCategories.ts and the Category page cards
// in categoryAgents.ts, so each page's chunk carries only the list it shows.
import type { AgentCard } from "./types";

export { agentCategories, emptyCategoryMessage } from "./agentCategories";

/**
 * Eleven agents of the home page. As in the source data, some ids repeat
 * (3 and 7 appear twice); `key` is unique and is the one to use for React keys.
 */
export const homeAgents: AgentCard[] = [
  {
    key: "home-sentinel-price-watcher",
    id: 1,
    category: "Reactive Agents",
    name: "Sentinel Price Watcher",
    image: "/images/agents/sentinel-price-watcher-lead.svg",
    downloads: "18,240",
    description:
      "Watches on-chain price feeds and order books and fires a pre-set action, such as a stop-loss or a liquidity top-up, the moment a threshold is crossed.",
  },
  {
    key: "home-strategos-planner",
    id: 2,
    category: "Deliberative Agents",
    name: "Strategos Planner",
    image: "/images/agents/strategos-planner.svg",
    downloads: "9,615",
    description:
      "Builds a model of your goals and constraints, then plans multi-step workflows and re-plans when conditions change.",
  },
  {
    key: "home-nexus-hybrid-operator",
    id: 3,
    category: "Hybrid Agents",
    name: "Nexus Hybrid Operator",
    image: "/images/agents/nexus-hybrid-operator.svg",
    downloads: "14,030",
    description:
      "Combines instant reflexes for routine events with deliberate planning for complex ones, ideal for operations desks that never sleep.",
  },
  {
    key: "home-vault-defi-rebalancer",
    id: 3,
    category: "Autonomous Agents",
    name: "Vault DeFi Rebalancer",
    image: "/images/agents/vault-defi-rebalancer.svg",
    downloads: "21,870",
    description:
      "Keeps a DeFi portfolio within its target allocation by rebalancing across pools and protocols within the risk limits you set.",
  },
  {
    key: "home-cortex-learner",
    id: 4,
    category: "Learning Agents",
    name: "Cortex Learner",
    image: "/images/agents/cortex-learner.svg",
    downloads: "16,402",
    description:
      "Improves from every interaction using reinforcement learning, so its recommendations get sharper the longer it runs.",
  },
  {
    key: "home-swarm-logistics-mesh",
    id: 5,
    category: "Multi-Agent Systems (MAS)",
    name: "Swarm Logistics Mesh",
    image: "/images/agents/swarm-logistics-mesh.svg",
    downloads: "11,358",
    description:
      "A team of cooperating agents that split routing, inventory and scheduling tasks and negotiate with each other to keep goods moving.",
  },
  {
    key: "home-echo-support-assistant",
    id: 6,
    category: "Conversational Agents",
    name: "Echo Support Assistant",
    image: "/images/agents/echo-support-assistant.svg",
    downloads: "24,115",
    description:
      "Answers customer questions in natural language around the clock and hands complex cases to a human with the full context attached.",
  },
  {
    key: "home-quorum-dao-delegate",
    id: 7,
    category: "Ethical or Value-Aligned Agents",
    name: "Quorum DAO Delegate",
    image: "/images/agents/quorum-dao-delegate.svg",
    downloads: "8,904",
    description:
      "Summarises DAO proposals, checks them against the community's stated values and votes transparently on behalf of delegating members.",
  },
  {
    key: "home-guardian-compliance-agent",
    id: 7,
    category: "Ethical or Value-Aligned Agents",
    name: "Guardian Compliance Agent",
    image: "/images/agents/guardian-compliance-agent.svg",
    downloads: "7,482",
    description:
      "Screens automated decisions for bias, policy breaches and regulatory risk before they are executed, and logs its reasoning for audit.",
  },
  {
    key: "home-oracle-diagnostics-expert",
    id: 8,
    category: "Expert Systems",
    name: "Oracle Diagnostics Expert",
    image: "/images/agents/oracle-diagnostics-expert.svg",
    downloads: "12,480",
    description:
      "Encodes specialist knowledge as explainable rules to diagnose faults in industrial equipment and recommend the next maintenance step.",
  },
  {
    key: "home-atlas-autonomous-trader",
    id: 9,
    category: "Autonomous Agents",
    name: "Atlas Autonomous Trader",
    image: "/images/agents/atlas-autonomous-trader.svg",
    downloads: "19,760",
    description:
      "Runs end-to-end market-making strategies without supervision, managing positions, gas costs and risk limits on its own.",
  },
];
