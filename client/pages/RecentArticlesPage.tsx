import { routeById } from "../../shared/site.ts";
import { PageMeta } from "../components/PageMeta.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

const route = routeById("articles");

export function RecentArticlesPage() {
  return (
    <>
      <PageMeta id="articles" />
      <PageHeader title={route.label}>{route.description}</PageHeader>
    </>
  );
}
