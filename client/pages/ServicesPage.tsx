import { routeById } from "../../shared/site.ts";
import { PageMeta } from "../components/PageMeta.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

const route = routeById("services");

export function ServicesPage() {
  return (
    <>
      <PageMeta id="services" />
      <PageHeader title={route.label}>{route.description}</PageHeader>
    </>
  );
}
