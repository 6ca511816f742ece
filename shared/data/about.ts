// Content of the About Us page (/main).
import { company } from "./company";
import type { AboutPageBlock, CertificateBlock } from "./types";

export const aboutPage: AboutPageBlock = {
  title: "We Build the Marketplace Where AI Agents Go to Work",
  text: `${company.name} is an AI services company and the team behind a decentralized marketplace for AI agents. We help Web3 companies, DAOs and enterprises find, test and acquire the agents they need, and we give the providers who build those agents a fair, transparent place to offer them.`,
  features: [
    {
      title: "For Clients",
      text: "Compare specialized agents, test them in metaverse environments and buy, lease, rent or use them as a service on clear, verifiable terms.",
      icon: "briefcase",
    },
    {
      title: "For Providers",
      text: "List your agents once, set your own acquisition models and reach organisations worldwide, with usage and payments recorded on-chain.",
      icon: "cpu",
    },
  ],
};

export const certificate: CertificateBlock = {
  title: "Certificate of Incorporation",
  text: `${company.legalName} is a private limited company registered in ${company.registeredIn}, incorporated in ${company.incorporated} under company number ${company.companyNumber}. Our registered office is at ${company.address.join(", ")}.`,
  image: "/images/about/certificate.svg",
  imageAlt: `Certificate of Incorporation of ${company.legalName}`,
};

export const advancedTech: AboutPageBlock = {
  title: "Advanced Technology Behind Every Agent",
  text: "Our agents combine large language models, reinforcement learning, expert rules and blockchain integration. Here are some of the capabilities our clients use most.",
  features: [
    {
      title: "AI Tech Support",
      text: "Round-the-clock technical support agents that diagnose issues, guide users step by step and escalate to our engineers when needed.",
      icon: "headset",
    },
    {
      title: "Robo Genius Agents",
      text: "Autonomous agents that plan, act and learn across complex workflows, from DeFi strategies to warehouse operations.",
      icon: "robot",
    },
    {
      title: "AI Image Generation",
      text: "Generative models that produce on-brand visuals, product images and metaverse assets from a short text brief.",
      icon: "image",
    },
    {
      title: "Conversational Chatbots",
      text: "Natural-language assistants that understand intent, remember context and complete tasks for customers in any channel.",
      icon: "chat",
    },
  ],
};
