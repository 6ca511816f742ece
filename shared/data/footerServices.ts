// "Our Service" list of the footer (shown on every route, so kept apart from the larger service data).

export const footerServices: string[] = [
  "AI Agent Development",
  "Blockchain Data Analytics",
  "Adaptive Machine Learning",
  "AI Strategy & Consulting",
  "Process Automation Agents",
];
