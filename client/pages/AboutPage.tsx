import { aboutMeta } from "../../shared/meta/about.ts";
import { company } from "../../shared/data/company.ts";
import { AboutIntro } from "../components/about/AboutIntro.tsx";
import { AdvancedTech } from "../components/about/AdvancedTech.tsx";
import { CertificateBlock } from "../components/about/CertificateBlock.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import type { Panel } from "../components/HeaderPanel.tsx";

/**
 * The header's window: the company's register record (the facts its certificate section states),
 * composed as a record card by its stylesheet (layout.css), not as a status list.
 */
const panel: Panel = {
  title: company.legalName,
  tag: "Company record",
  rows: [
    ["Registered in", company.registeredIn],
    ["Company number", company.companyNumber],
    ["Incorporated", company.incorporated],
    ["Status", "Active", "live"],
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
