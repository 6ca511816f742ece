import { articlesMeta } from "../../shared/meta/articles.ts";
import { articles } from "../../shared/data/articles.ts";
import { ArticlesCarousel } from "../components/ArticlesCarousel.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { Icon } from "../components/Icon.tsx";
import { formatDate } from "../formatDate.ts";
import type { Panel } from "../components/HeaderPanel.tsx";
import { SectionTitle } from "../components/SectionHeading.tsx";

/**
 * The header's window: the reading list part-read, the three articles after the carousel's first
 * view by author, each beside its cover and the first one open with its reading progress (drawn by
 * layout.css). The first three sat in the window, then the carousel, then the index: the same
 * three titles three times in the page's first two screens (round 47).
 */
const panel: Panel = {
  title: "Reading list",
  tag: `${articles.length} articles`,
  rows: articles.slice(3, 6).map((article, i) => [article.title, article.author, i === 0 ? "live" : "done"] as const),
};

export function RecentArticlesPage() {
  return (
    <>
      <PageHeader meta={articlesMeta} panel={panel} />
      <section className="section reading-list" aria-labelledby="recent-articles-title">
        <div className="container">
          <div className="section-heading reading-list__heading">
            <SectionTitle id="recent-articles-title" title="Latest Reading on AI Agents">
              Each article opens its source in a new tab.
            </SectionTitle>
          </div>
          <ArticlesCarousel />
        </div>
      </section>
      {/* The same articles as an index on the paper band: every title at a glance, by date and
          author, each opening its source like the cards' Read More. */}
      <section className="section section--paper article-index" aria-labelledby="article-index-title">
        <div className="container article-index__inner">
          <div className="article-index__head">
            <SectionTitle id="article-index-title" title="Every Article at a Glance">
              {`${articles.length} articles by ${new Set(articles.map((a) => a.author)).size} authors, newest first.`}
            </SectionTitle>
          </div>
          <ol className="article-index__list">
            {articles.map((article) => (
              <li key={article.id}>
                <time dateTime={article.date}>{formatDate(article.date)}</time>
                <a href={article.url} target="_blank" rel="noopener noreferrer">
                  {article.title}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                  <Icon name="external" size={16} />
                </a>
                <span>{article.author}</span>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
