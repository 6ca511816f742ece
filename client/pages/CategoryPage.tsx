import { routeById } from "../../shared/site.ts";
import { PageMeta } from "../components/PageMeta.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

const route = routeById("category");

export function CategoryPage() {
  return (
    <>
      <PageMeta id="category" />
      <PageHeader title={route.label}>{route.description}</PageHeader>
    </>
  );
}
