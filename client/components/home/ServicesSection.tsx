import { sectionTitles } from "../../../shared/data/home.ts";
import { serviceList } from "../../../shared/data/services.ts";
import { Reveal } from "../Reveal.tsx";
import { ServiceHoverList } from "../ServiceHoverList.tsx";
import { SectionHeading } from "../SectionHeading.tsx";

export function ServicesSection() {
  // On paper, as on /service: it breaks the run of ink from the hero to the figures.
  return (
    <section id="service-sec" className="section below-fold section--paper" aria-labelledby="services-title">
      <div className="container home-services">
        <Reveal className="home-services__intro">
          <SectionHeading id="services-title" title={sectionTitles.services}>
            Beyond the marketplace, our team designs, builds and runs AI for Web3 companies, DAOs and enterprises.
          </SectionHeading>
        </Reveal>
        <Reveal>
          <ServiceHoverList items={serviceList} label="Our services" />
        </Reveal>
      </div>
    </section>
  );
}
