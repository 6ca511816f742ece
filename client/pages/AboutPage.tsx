import { aboutMeta } from "../../shared/meta/about.ts";
import { routeById } from "../../shared/site.ts";
import { AboutIntro } from "../components/about/AboutIntro.tsx";
import { AdvancedTech } from "../components/about/AdvancedTech.tsx";
import { CertificateBlock } from "../components/about/CertificateBlock.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { PageMeta } from "../components/PageMeta.tsx";

const route = routeById("about");

export function AboutPage() {
  return (
    <>
      <PageMeta meta={aboutMeta} />
      <PageHeader route={route}>{aboutMeta.description}</PageHeader>
      <AboutIntro />
      <CertificateBlock />
      <AdvancedTech />
    </>
  );
}
