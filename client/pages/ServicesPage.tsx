import { servicesMeta } from "../../shared/meta/services.ts";
import { routeById } from "../../shared/site.ts";
import { IndustriesTabs } from "../components/IndustriesTabs.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { PageMeta } from "../components/PageMeta.tsx";
import { ServiceCards } from "../components/services/ServiceCards.tsx";
import { ServiceListSection } from "../components/services/ServiceListSection.tsx";

const route = routeById("services");

export function ServicesPage() {
  return (
    <>
      <PageMeta meta={servicesMeta} />
      <PageHeader route={route}>{servicesMeta.description}</PageHeader>
      <ServiceCards />
      <ServiceListSection />
      <IndustriesTabs />
    </>
  );
}
