import { articlesMeta } from "../../shared/meta/articles.ts";
import { routeById } from "../../shared/site.ts";
import { PageMeta } from "../components/PageMeta.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

const route = routeById("articles");

export function RecentArticlesPage() {
  return (
    <>
      <PageMeta meta={articlesMeta} />
      <PageHeader title={route.label}>{articlesMeta.description}</PageHeader>
    </>
  );
}
