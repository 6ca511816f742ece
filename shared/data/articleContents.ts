// Full text of each article (docs/product.md section 3: Article.content), keyed by article id. Kept apart
// from articles.ts so the carousel's bundle stays small: no screen displays these texts.
import type { Article, ArticleSummary } from "./types";

export const articleContents: Partial<Record<ArticleSummary["id"], string>> = {
  1:
    "The idea of an intelligent agent sits at the heart of modern AI. An agent senses its environment through inputs, chooses actions according to an objective and learns or adapts as it goes. Simple reflex agents react to the current input; model-based and goal-based agents keep an internal picture of the world and plan ahead; utility-based and learning agents weigh trade-offs and improve with experience. Understanding these families helps buyers pick the right agent for a task instead of paying for capabilities they do not need.",
  2:
    "A multi-agent system is a group of interacting agents that together solve problems no single agent could handle alone. Each agent has a partial view and its own capabilities; coordination comes from negotiation, shared protocols or market mechanisms. Logistics networks, energy grids and DAO operations are natural fits, because work is already distributed. The main design questions are how agents communicate, how conflicts are resolved and how the system stays robust when one member fails.",
  3:
    "A decentralized autonomous organization coordinates people through rules written in smart contracts rather than a central management team. Members propose changes, vote with tokens and let the code execute the outcome. As DAOs grow, the volume of proposals and treasury operations outpaces what volunteers can review. Governance agents can summarise proposals, flag conflicts with the DAO's charter and execute approved payments, while every action remains transparent on-chain.",
  4:
    "In reinforcement learning an agent tries actions in an environment and receives a reward signal telling it how well it did. Over many episodes it learns a policy that maximises the long-term reward, balancing exploration of new actions against exploitation of what already works. The approach powers game-playing systems, robotics and trading strategies. For marketplace buyers, the key questions are what the agent was rewarded for, how it was tested and how it behaves outside the conditions it trained in.",
  5:
    "A smart contract is a program stored on a blockchain that executes automatically when agreed conditions are met. In an AI agent marketplace, contracts can record who owns an agent, grant time-limited access to a lessee, release payments per use and split revenue between providers. Because the rules are public and the execution is deterministic, both parties can verify the terms before they commit. Audits and careful upgrade paths remain essential, as deployed code is hard to change.",
  6:
    "The metaverse describes persistent, shared virtual spaces where people and software interact in real time. For AI agents these spaces are valuable test grounds: a retail assistant can serve simulated shoppers, a logistics agent can route virtual fleets and a governance agent can run mock votes. Clients see how an agent behaves, under load and in edge cases, before they buy, lease or rent it, which lowers risk for both sides of the marketplace.",
  7:
    "An expert system captures the knowledge of specialists as a knowledge base of facts and rules, and uses an inference engine to reach conclusions. Early systems diagnosed infections and configured computers; today they support compliance checks, equipment maintenance and underwriting. Their great strength is explainability: every conclusion can be traced to the rules that produced it. Combined with machine learning for perception, they make reliable components of hybrid agents.",
  8:
    "Decentralized finance offers lending, trading and yield products through smart contracts instead of banks and brokers. Markets run 24 hours a day and conditions change within seconds, which suits automated agents well. DeFi agents can rebalance portfolios, move liquidity to better pools, repay loans before liquidation and watch for protocol risks. Clear limits, transparent logs and the ability to pause an agent are essential safeguards before handing it real funds.",
  9:
    "A chatbot is software that holds a conversation with people in text or speech. Early chatbots matched keywords against scripted replies; modern conversational agents understand intent, keep context across a conversation and call tools to book, pay or look up information. For businesses they handle routine support at any hour and pass complex cases to staff. Good deployments are honest about being automated, protect personal data and make it easy to reach a human.",
};

/** An article with its full text. */
export function withContent(article: ArticleSummary): Article {
  return { ...article, content: articleContents[article.id] ?? "" };
}
