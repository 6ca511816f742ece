import { companyServices } from "../../../shared/data/services.ts";
import { Reveal } from "../Reveal.tsx";
import { CardTitle } from "../KeepWords.tsx";
import { SectionTitle } from "../SectionHeading.tsx";
import { LazyImage } from "../Icon.tsx";

/** The eight company services of /service. */
export function ServiceCards() {
  return (
    <section className="section section--paper service-cards" aria-labelledby="service-cards-title">
      <div className="container">
        <Reveal className="section-heading">
          <SectionTitle id="service-cards-title" title="AI Services Built Around Your Goals">
            From the first strategy workshop to agents running in production, one team covers the whole journey.
          </SectionTitle>
        </Reveal>
        <ul className="service-cards__grid">
          {companyServices.map((service) => (
            <Reveal as="li" key={service.id} className="service-card">
              <LazyImage className="service-card__img" src={service.img} alt="" width={400} height={260} />
              <CardTitle className="service-card__title" text={service.title} />
              <p className="service-card__desc">{service.desc}</p>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  );
}
