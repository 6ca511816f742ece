import { articlesMeta } from "../../shared/meta/articles.ts";
import { routeById } from "../../shared/site.ts";
import { ArticlesCarousel } from "../components/ArticlesCarousel.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { PageMeta } from "../components/PageMeta.tsx";

const route = routeById("articles");

export function RecentArticlesPage() {
  return (
    <>
      <PageMeta meta={articlesMeta} />
      <PageHeader route={route}>{articlesMeta.description}</PageHeader>
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
