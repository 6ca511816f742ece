import { routeById } from "../../shared/site.ts";
import { PageMeta } from "../components/PageMeta.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

const route = routeById("about");

export function AboutPage() {
  return (
    <>
      <PageMeta id="about" />
      <PageHeader title={route.label}>{route.description}</PageHeader>
    </>
  );
}
