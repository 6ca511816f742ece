import { articles } from "../../shared/data/articles.ts";
import { ArticleCard } from "./ArticleCard.tsx";
import { Carousel, type CarouselBreakpoint } from "./carousel/Carousel.tsx";

/** docs/product.md section 9: 576/768/992, gap 30. .carousel--articles in home.css mirrors these. */
export const articleBreakpoints: readonly CarouselBreakpoint[] = [
  { minWidth: 0, slidesPerView: 1 },
  { minWidth: 576, slidesPerView: 1 },
  { minWidth: 768, slidesPerView: 2 },
  { minWidth: 992, slidesPerView: 3 },
];

export function ArticlesCarousel() {
  return (
    <Carousel
      label="Recent articles"
      className="carousel--articles"
      items={articles}
      getKey={(article) => String(article.id)}
      renderItem={(article) => <ArticleCard article={article} />}
      breakpoints={articleBreakpoints}
      gap={30}
    />
  );
}
