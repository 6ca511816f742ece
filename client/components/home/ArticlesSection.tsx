import { sectionTitles } from "../../../shared/data/home.ts";
import { ArticlesCarousel } from "../ArticlesCarousel.tsx";
import { Reveal } from "../Reveal.tsx";
import { SectionHeading } from "../SectionHeading.tsx";

export function ArticlesSection() {
  return (
    <section id="articles" className="section below-fold" aria-labelledby="articles-title">
      <div className="container">
        <Reveal>
          <SectionHeading id="articles-title" title={sectionTitles.articles}>
            Hand-picked reading on intelligent agents, multi-agent systems, DAOs and decentralized finance.
          </SectionHeading>
        </Reveal>
        <ArticlesCarousel />
      </div>
    </section>
  );
}
