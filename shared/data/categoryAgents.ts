// Cards of the Category page (/Category), filtered by the selected category tab.
import type { AgentCard } from "./types";

/**
 * Cards of the Category page, filtered by the selected category tab.
 * Reactive Agents (the default tab) has five cards so the three-card slider can slide;
 * Expert Systems has none, so the empty-category message is reachable.
 */
export const categoryAgents: AgentCard[] = [
  // Reactive Agents
  {
    key: "cat-reactive-price-watcher",
    id: 1,
    category: "Reactive Agents",
    name: "Sentinel Price Watcher",
    image: "/images/agents/sentinel-price-watcher.svg",
    downloads: "18,240",
    description:
      "Monitors price feeds and triggers stop-loss, take-profit or alert actions within the same block a threshold is crossed.",
  },
  {
    key: "cat-reactive-gas-optimiser",
    id: 2,
    category: "Reactive Agents",
    name: "Gas Fee Optimiser",
    image: "/images/agents/gas-fee-optimiser.svg",
    downloads: "13,507",
    description:
      "Reads network congestion in real time and holds or releases queued transactions when fees drop below your limit.",
  },
  {
    key: "cat-reactive-anomaly-alert",
    id: 3,
    category: "Reactive Agents",
    name: "Anomaly Alert Bot",
    image: "/images/agents/anomaly-alert-bot.svg",
    downloads: "10,926",
    description:
      "Flags unusual wallet activity, sudden liquidity drains and contract calls that match known exploit patterns, and notifies your team instantly.",
  },
  {
    key: "cat-reactive-smart-thermostat",
    id: 4,
    category: "Reactive Agents",
    name: "Edge Sensor Responder",
    image: "/images/agents/edge-sensor-responder.svg",
    downloads: "7,318",
    description:
      "Runs on IoT gateways and responds to sensor readings with predefined actions, such as shutting a valve or rerouting power.",
  },
  {
    key: "cat-reactive-moderation",
    id: 5,
    category: "Reactive Agents",
    name: "Community Moderation Agent",
    image: "/images/agents/community-moderation-agent.svg",
    downloads: "15,094",
    description:
      "Removes spam, scam links and abusive messages from Discord and Telegram communities the moment they are posted.",
  },
  // Deliberative Agents
  {
    key: "cat-deliberative-strategos",
    id: 6,
    category: "Deliberative Agents",
    name: "Strategos Planner",
    image: "/images/agents/strategos-planner.svg",
    downloads: "9,615",
    description:
      "Builds an internal model of goals and constraints, plans multi-step workflows and re-plans when conditions change.",
  },
  {
    key: "cat-deliberative-treasury",
    id: 7,
    category: "Deliberative Agents",
    name: "Treasury Planner",
    image: "/images/agents/treasury-planner.svg",
    downloads: "12,033",
    description:
      "Forecasts a DAO treasury's runway and proposes a diversification plan, weighing yield, liquidity and risk before recommending each move.",
  },
  {
    key: "cat-deliberative-route",
    id: 8,
    category: "Deliberative Agents",
    name: "Route Reasoner",
    image: "/images/agents/route-reasoner.svg",
    downloads: "8,471",
    description:
      "Evaluates alternative delivery routes against cost, time and emissions and explains why it chose the plan it recommends.",
  },
  {
    key: "cat-deliberative-scheduler",
    id: 9,
    category: "Deliberative Agents",
    name: "Project Scheduler",
    image: "/images/agents/project-scheduler.svg",
    downloads: "11,262",
    description:
      "Turns project goals into a dependency-aware schedule, allocates people and budget, and adjusts the plan when tasks slip.",
  },
  // Hybrid Agents
  {
    key: "cat-hybrid-nexus",
    id: 10,
    category: "Hybrid Agents",
    name: "Nexus Hybrid Operator",
    image: "/images/agents/nexus-hybrid-operator.svg",
    downloads: "14,030",
    description:
      "Handles routine events with fast reactive rules and escalates complex situations to a planning layer that reasons about the best response.",
  },
  {
    key: "cat-hybrid-drone",
    id: 11,
    category: "Hybrid Agents",
    name: "Warehouse Drone Pilot",
    image: "/images/agents/warehouse-drone-pilot.svg",
    downloads: "9,877",
    description:
      "Avoids obstacles reactively while following an optimised stock-count plan across large warehouses.",
  },
  {
    key: "cat-hybrid-trading",
    id: 12,
    category: "Hybrid Agents",
    name: "Dual-Mode Trading Desk",
    image: "/images/agents/dual-mode-trading-desk.svg",
    downloads: "17,645",
    description:
      "Reacts to market shocks in milliseconds while a deliberative layer sets the longer-term strategy and position limits.",
  },
  // Learning Agents
  {
    key: "cat-learning-cortex",
    id: 13,
    category: "Learning Agents",
    name: "Cortex Learner",
    image: "/images/agents/cortex-learner.svg",
    downloads: "16,402",
    description:
      "Uses reinforcement learning to improve its recommendations from every interaction and every outcome it observes.",
  },
  {
    key: "cat-learning-churn",
    id: 14,
    category: "Learning Agents",
    name: "Churn Predictor",
    image: "/images/agents/churn-predictor.svg",
    downloads: "10,388",
    description:
      "Learns the early signals of customer churn from your own data and suggests the retention action most likely to work.",
  },
  {
    key: "cat-learning-tutor",
    id: 15,
    category: "Learning Agents",
    name: "Adaptive Tutor",
    image: "/images/agents/adaptive-tutor.svg",
    downloads: "22,516",
    description:
      "Adapts lesson difficulty and pacing to each learner, based on how they answer and where they hesitate.",
  },
  // Autonomous Agents
  {
    key: "cat-autonomous-atlas",
    id: 16,
    category: "Autonomous Agents",
    name: "Atlas Autonomous Trader",
    image: "/images/agents/atlas-autonomous-trader.svg",
    downloads: "19,760",
    description:
      "Runs market-making strategies end to end without supervision, managing positions, gas costs and risk limits on its own.",
  },
  {
    key: "cat-autonomous-vault",
    id: 17,
    category: "Autonomous Agents",
    name: "Vault DeFi Rebalancer",
    image: "/images/agents/vault-defi-rebalancer.svg",
    downloads: "21,870",
    description:
      "Keeps a DeFi portfolio within its target allocation by moving funds across pools and protocols within the limits you set.",
  },
  // Multi-Agent Systems (MAS)
  {
    key: "cat-mas-swarm",
    id: 18,
    category: "Multi-Agent Systems (MAS)",
    name: "Swarm Logistics Mesh",
    image: "/images/agents/swarm-logistics-mesh.svg",
    downloads: "11,358",
    description:
      "Cooperating agents split routing, inventory and scheduling work and negotiate with each other to keep a supply chain flowing.",
  },
  {
    key: "cat-mas-dao-council",
    id: 19,
    category: "Multi-Agent Systems (MAS)",
    name: "DAO Operations Council",
    image: "/images/agents/dao-operations-council.svg",
    downloads: "8,904",
    description:
      "A set of specialised agents that draft proposals, review budgets and tally votes, coordinating DAO operations from idea to execution.",
  },
  // Conversational Agents
  {
    key: "cat-conversational-echo",
    id: 20,
    category: "Conversational Agents",
    name: "Echo Support Assistant",
    image: "/images/agents/echo-support-assistant.svg",
    downloads: "24,115",
    description:
      "Answers customer questions in natural language around the clock and hands complex cases to a human with the full context attached.",
  },
  {
    key: "cat-conversational-onboarding",
    id: 21,
    category: "Conversational Agents",
    name: "Wallet Onboarding Guide",
    image: "/images/agents/wallet-onboarding-guide.svg",
    downloads: "13,289",
    description:
      "Walks new users through creating a wallet, securing their recovery phrase and making a first transaction, in plain language.",
  },
  // Ethical or Value-Aligned Agents
  {
    key: "cat-ethical-guardian",
    id: 22,
    category: "Ethical or Value-Aligned Agents",
    name: "Guardian Compliance Agent",
    image: "/images/agents/guardian-compliance-agent.svg",
    downloads: "7,482",
    description:
      "Screens automated decisions for bias, policy breaches and regulatory risk before they are executed, and keeps an audit trail of its reasoning.",
  },
  // Expert Systems: intentionally no card yet, so the tab shows the empty-category message.
];
