import { industries } from "../../shared/data/industries.ts";
import { Reveal } from "./Reveal.tsx";
import { Tabs } from "./Tabs.tsx";
import { CardTitle } from "./KeepWords.tsx";
import { SectionTitle } from "./SectionHeading.tsx";
import { LazyImage } from "./Icon.tsx";

/**
 * The six industries as tabs, the first active by default, built one way on /service and
 * /Category: a row of pills over the panel on phones and tablets, an index beside the chosen
 * industry on wide screens (inner.css). /Category shows its own pictures, swapped by its
 * stylesheet, not by a prop: its first load sits at its byte ceiling. The industry's thumb shape
 * (shared/data/industries.ts) is not drawn: laid as a badge over the picture's corner it read as
 * a broken image or a loading ring (round 12), and the picture needs no decoration.
 */
export function IndustriesTabs() {
  return (
    <section className="section section--paper industries" aria-labelledby="industries-title">
      <div className="container">
        <Reveal className="section-heading">
          <SectionTitle id="industries-title" title="AI Agents for Every Industry">
            The same marketplace serves very different sectors. Pick one to see how its teams put our agents to work.
          </SectionTitle>
        </Reveal>
        <Tabs
          label="Industries"
          listClassName="tabs__list--pills"
          items={industries.map((industry) => ({
            key: `industry-${industry.id}`,
            label: industry.title,
            panel: (
              <div className="industry">
                <div className="industry__media">
                  <LazyImage
                    className="industry__image"
                    src={industry.image}
                    alt={`${industry.title} illustration`}
                    width={560}
                    height={420}
                  />
                </div>
                <div className="industry__body">
                  <CardTitle className="industry__title" text={industry.title} />
                  <p>{industry.desc1}</p>
                  <p className="muted">{industry.desc2}</p>
                </div>
              </div>
            ),
          }))}
        />
      </div>
    </section>
  );
}
