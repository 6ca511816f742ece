// Stat blocks of the home page and the expertise counter of "Leading the AI Revolution".
// Values are raw numbers; the UI formats them in compact notation (5,000 -> 5K, 1,000,000 -> 1M).
import type { Counter, Stat } from "./types";

export const stats: Stat[] = [
  {
    title: "Agents Deployed",
    value: 5000,
    prefix: "",
    suffix: "+",
    subtitle: "Specialized AI agents deployed by clients across Web3, enterprise and DAO workloads.",
  },
  {
    title: "Rental Volume",
    value: 1000000,
    prefix: "",
    suffix: "",
    subtitle: "Agent hours leased and rented through the marketplace by providers and their clients.",
  },
  {
    title: "Agentic Efficiency",
    value: 99,
    prefix: "",
    suffix: "%",
    subtitle: "Of scheduled agent tasks completed successfully without human intervention.",
  },
];

export const expertiseCounter: Counter = { value: 25, suffix: "+", label: "AI expertise" };
