import { articles } from "../../shared/data/articles.ts";
import { ArticleCard } from "./ArticleCard.tsx";
import { Carousel } from "./carousel/Carousel.tsx";

/** Cards per view: 1, 2 from 768 px, 3 from 992 px; gap 30 (.carousel--articles in home.css). */
export function ArticlesCarousel() {
  return (
    <Carousel
      label="Recent articles"
      className="carousel--articles"
      items={articles}
      getKey={(article) => String(article.id)}
      renderItem={(article) => <ArticleCard article={article} />}
    />
  );
}
