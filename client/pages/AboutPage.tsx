import { aboutMeta } from "../../shared/meta/about.ts";
import { AboutIntro } from "../components/about/AboutIntro.tsx";
import { AdvancedTech } from "../components/about/AdvancedTech.tsx";
import { CertificateBlock } from "../components/about/CertificateBlock.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import type { Panel } from "../components/HeaderPanel.tsx";

/** The header's window: the marketplace at work, providers listing, clients leasing and testing. */
const panel: Panel = {
  path: "agentverse / marketplace / activity",
  title: "Marketplace activity",
  tag: "Live",
  rows: [
    ["Strategos Planner listed by its provider", "Deliberative"],
    ["Vault DeFi Rebalancer leased", "6 months"],
    ["Echo Support Assistant tested", "98.7%", "live"],
    ["Custom agent scoped with our engineers", "Next", "next"],
  ],
};

export function AboutPage() {
  return (
    <>
      <PageHeader meta={aboutMeta} panel={panel} />
      <AboutIntro />
      <CertificateBlock />
      <AdvancedTech />
    </>
  );
}
