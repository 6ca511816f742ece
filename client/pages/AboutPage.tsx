import { aboutMeta } from "../../shared/meta/about.ts";
import { company } from "../../shared/data/company.ts";
import { AboutIntro } from "../components/about/AboutIntro.tsx";
import { AdvancedTech } from "../components/about/AdvancedTech.tsx";
import { CertificateBlock } from "../components/about/CertificateBlock.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import type { Panel } from "../components/HeaderPanel.tsx";

/**
 * The header's window: what the company does, its two sides in one record card (layout.css). Not
 * its register facts: the certificate section below states those, and a second copy of them here
 * read as padding (round 17).
 */
const panel: Panel = {
  title: company.legalName,
  tag: "What we do",
  rows: [
    ["Marketplace", "AI agents"],
    ["Services", "Custom AI"],
    ["Clients", "Web3 and DAOs"],
    ["Status", "Live", "live"],
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
