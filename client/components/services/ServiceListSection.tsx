import { serviceList } from "../../../shared/data/services.ts";
import { Reveal } from "../Reveal.tsx";
import { ServiceHoverList } from "../ServiceHoverList.tsx";
import { SectionTitle } from "../SectionHeading.tsx";
import { LazyImage } from "../Icon.tsx";

/** The page's list of services as home's (What We Do): the pitch and its drawing in a column beside the five. */
export function ServiceListSection() {
  return (
    <section className="section service-list" aria-labelledby="service-list-title">
      <div className="container service-list__grid">
        <Reveal className="service-list__intro" effect="left">
          <SectionTitle id="service-list-title" title="Services That Put AI Agents to Work">
            Five practices, one goal: agents that do real work for your organisation, safely and measurably.
          </SectionTitle>
          <LazyImage
            className="service-list__art"
            src="/images/services/expertise.svg"
            alt=""
            width={420}
            height={320}
          />
        </Reveal>
        <ServiceHoverList items={serviceList} />
      </div>
    </section>
  );
}
