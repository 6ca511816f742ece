import { routeById } from "../../shared/site.ts";
import { PageMeta } from "../components/PageMeta.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

const route = routeById("terms");

export function TermsPage() {
  return (
    <>
      <PageMeta id="terms" />
      <PageHeader title={route.label}>{route.description}</PageHeader>
    </>
  );
}
