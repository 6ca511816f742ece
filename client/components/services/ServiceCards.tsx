import { companyServices } from "../../../shared/data/services.ts";
import { Reveal } from "../Reveal.tsx";
import { KeepWords } from "../KeepWords.tsx";

/** The eight company services of /service. */
export function ServiceCards() {
  return (
    <section className="section service-cards" aria-labelledby="service-cards-title">
      <div className="container">
        <Reveal className="section-heading">
          <span className="eyebrow">What we do</span>
          <h2 id="service-cards-title">AI Services Built Around Your Goals</h2>
          <p className="muted">
            From the first strategy workshop to agents running in production, one team covers the whole journey.
          </p>
        </Reveal>
        <ul className="service-cards__grid">
          {companyServices.map((service) => (
            <Reveal as="li" key={service.id} className="service-card">
              <img
                className="service-card__img"
                src={service.img}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                decoding="async"
              />
              <h3 className="service-card__title">
                <KeepWords text={service.title} />
              </h3>
              <p className="service-card__desc">{service.desc}</p>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  );
}
