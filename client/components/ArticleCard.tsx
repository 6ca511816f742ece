import type { ArticleSummary } from "../../shared/data/types.ts";
import { formatDate } from "../formatDate.ts";
import { CardTitle } from "./KeepWords.tsx";
import { Icon, LazyImage } from "./Icon.tsx";

/** Image, author, title, excerpt and Read More, which opens the source in a new tab. */
export function ArticleCard({ article }: { article: ArticleSummary }) {
  return (
    <article className="article-card">
      <LazyImage className="article-card__image" src={article.image} alt={article.imageAlt} width={480} height={300} />
      <div className="article-card__body">
        <p className="article-card__meta">
          <span className="article-card__author">{article.author}</span>
          <time dateTime={article.date}>{formatDate(article.date)}</time>
        </p>
        <CardTitle className="article-card__title" text={article.title} />
        <p className="article-card__excerpt">{article.excerpt}</p>
        <a
          className="text-link article-card__more"
          href={article.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Read More: ${article.title} (opens in a new tab)`}
        >
          Read More
          {/* The title is in the text too, not only in the aria-label: link-text audits read the text. */}
          <span className="visually-hidden">{`: ${article.title} (opens in a new tab)`}</span>
          <Icon name="external" size={16} />
        </a>
      </div>
    </article>
  );
}
