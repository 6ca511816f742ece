import { Link } from "react-router";
import { blogTeasers, sectionTitles } from "../../../shared/data/home.ts";
import { formatDate } from "../../formatDate.ts";
import { Reveal } from "../Reveal.tsx";
import { Icon, LazyImage } from "../Icon.tsx";
import { SectionHeading } from "../SectionHeading.tsx";
import { CardTitle } from "../KeepWords.tsx";

export function BlogTeasers() {
  return (
    <section className="section below-fold section--paper" aria-labelledby="blog-title">
      <div className="container">
        <Reveal className="blog__head">
          <SectionHeading id="blog-title" title={sectionTitles.blog}>
            Guides and field notes from the team behind the marketplace.
          </SectionHeading>
          <Link className="button button--ghost" to="/">
            View All Post
          </Link>
        </Reveal>
        <ul className="blog-grid card-set">
          {blogTeasers.map((post) => (
            <Reveal as="li" key={post.id} className="blog-card">
              <LazyImage src={post.image} alt={post.imageAlt} width={480} height={300} />
              <div className="blog-card__body">
                {/* The meta line of the reading cards above (ArticleCard): the date, no icon. */}
                <p className="blog-card__date">
                  <time dateTime={post.date}>{formatDate(post.date)}</time>
                </p>
                <CardTitle className="blog-card__title" text={post.title} />
                <p className="muted">{post.excerpt}</p>
                <Link className="text-link" to={post.href} aria-label={`Read More: ${post.title}`}>
                  Read More
                  <span className="visually-hidden">{`: ${post.title}`}</span>
                  <Icon name="arrowRight" size={16} />
                </Link>
              </div>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  );
}
