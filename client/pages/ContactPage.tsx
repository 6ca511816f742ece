import { routeById } from "../../shared/site.ts";
import { PageMeta } from "../components/PageMeta.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

const route = routeById("contact");

export function ContactPage() {
  return (
    <>
      <PageMeta id="contact" />
      <PageHeader title={route.label}>{route.description}</PageHeader>
    </>
  );
}
