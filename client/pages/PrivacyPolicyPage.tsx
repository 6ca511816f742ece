import { routeById } from "../../shared/site.ts";
import { PageMeta } from "../components/PageMeta.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

const route = routeById("privacy");

export function PrivacyPolicyPage() {
  return (
    <>
      <PageMeta id="privacy" />
      <PageHeader title={route.label}>{route.description}</PageHeader>
    </>
  );
}
