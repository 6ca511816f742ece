import { servicesMeta } from "../../shared/meta/services.ts";
import { IndustriesTabs } from "../components/IndustriesTabs.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import type { Panel } from "../components/HeaderPanel.tsx";
import { ServiceCards } from "../components/services/ServiceCards.tsx";
import { ServiceListSection } from "../components/services/ServiceListSection.tsx";

/** The header's window: one custom build as our engineers run it, step by step. */
const panel: Panel = {
  path: "agentverse / services / custom-agent",
  title: "Treasury Planner, custom build",
  tag: "Step 3 of 4",
  rows: [
    ["Discovery workshop", "Done"],
    ["On-chain data pipeline", "Done"],
    ["Train and test in the metaverse", "In progress", "live"],
    ["Deploy and monitor", "Next", "next"],
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
