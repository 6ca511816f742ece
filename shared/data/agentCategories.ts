// The nine agent categories and the empty-category message (docs/product.md sections 3 and 8).

/** The nine agent categories, in the order of docs/product.md section 3. The first is the default tab of /Category. */
export const agentCategories: readonly string[] = [
  "Reactive Agents",
  "Deliberative Agents",
  "Hybrid Agents",
  "Learning Agents",
  "Autonomous Agents",
  "Multi-Agent Systems (MAS)",
  "Conversational Agents",
  "Ethical or Value-Aligned Agents",
  "Expert Systems",
];

/** Message shown when the selected category has no card. */
export const emptyCategoryMessage = "No items found in this category.";
