import { Link } from "react-router";
import { caseStudies, sectionTitles } from "../../../shared/data/home.ts";
import { Reveal } from "../Reveal.tsx";
import { Icon, LazyImage } from "../Icon.tsx";
import { SectionHeading } from "../SectionHeading.tsx";
import { CardTitle } from "../KeepWords.tsx";

export function CaseStudies() {
  return (
    <section id="project-sec" className="section below-fold" aria-labelledby="cases-title">
      <div className="container">
        <Reveal>
          <SectionHeading id="cases-title" title={sectionTitles.caseStudies}>
            A few of the projects where our agents and engineers made the difference.
          </SectionHeading>
        </Reveal>
        <ul className="case-grid card-set">
          {caseStudies.map((study) => (
            <Reveal as="li" key={study.id} className="case-card">
              <LazyImage src={study.image} alt="" width={480} height={360} />
              <div className="case-card__body">
                <span className="case-card__category">{study.category}</span>
                <CardTitle className="case-card__title" text={study.title} />
                <Link className="text-link" to={study.href} aria-label={`View case study: ${study.title}`}>
                  View case study
                  <Icon name="arrowRight" size={18} />
                </Link>
              </div>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  );
}
