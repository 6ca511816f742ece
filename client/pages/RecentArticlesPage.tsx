import { articlesMeta } from "../../shared/meta/articles.ts";
import { articles } from "../../shared/data/articles.ts";
import { routeById } from "../../shared/site.ts";
import { ArticlesCarousel } from "../components/ArticlesCarousel.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { PageMeta } from "../components/PageMeta.tsx";
import type { Panel } from "../components/HeaderPanel.tsx";

const route = routeById("articles");

/** The header's window: the reading list, its first three articles by author. */
const panel: Panel = {
  path: "agentverse / reading-list",
  title: "Reading list",
  tag: `${articles.length} articles`,
  rows: articles.slice(0, 3).map((article, i) => [article.title, article.author, i === 0 ? "live" : "done"] as const),
};

export function RecentArticlesPage() {
  return (
    <>
      <PageMeta meta={articlesMeta} />
      <PageHeader route={route} panel={panel}>
        {articlesMeta.description}
      </PageHeader>
      <section className="section reading-list" aria-labelledby="recent-articles-title">
        <div className="container">
          <div className="section-heading reading-list__heading">
            <span className="eyebrow">Reading List</span>
            <h2 id="recent-articles-title">Latest Reading on AI Agents</h2>
            <p className="muted">Each article opens its source in a new tab.</p>
          </div>
          <ArticlesCarousel />
        </div>
      </section>
    </>
  );
}
