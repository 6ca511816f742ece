import { servicesMeta } from "../../shared/meta/services.ts";
import { IndustriesTabs } from "../components/IndustriesTabs.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import type { Panel } from "../components/HeaderPanel.tsx";
import { ServiceCards } from "../components/services/ServiceCards.tsx";
import { ServiceListSection } from "../components/services/ServiceListSection.tsx";

/**
 * The header's window: one custom build as our engineers run it, its four stages drawn as a
 * pipeline's timeline by its stylesheet (layout.css), the current one lit.
 */
const panel: Panel = {
  title: "Claims Triage Agent, custom build",
  tag: "Step 3 of 4",
  rows: [
    ["Discovery", "Done"],
    ["Data pipeline", "Done"],
    ["Train & test", "Running", "live"],
    ["Deploy", "Next", "next"],
  ],
  meter: "Build progress",
};

export function ServicesPage() {
  return (
    <>
      <PageHeader meta={servicesMeta} panel={panel} />
      <ServiceCards />
      <ServiceListSection />
      <IndustriesTabs />
    </>
  );
}
