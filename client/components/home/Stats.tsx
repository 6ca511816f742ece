import { sectionTitles } from "../../../shared/data/home.ts";
import { stats } from "../../../shared/data/stats.ts";
import { timings } from "../../../shared/site.ts";
import { Counter } from "../Counter.tsx";
import { ParticlesCanvas } from "../ParticlesCanvas.tsx";
import { Reveal } from "../Reveal.tsx";
import { SectionHeading } from "../SectionHeading.tsx";
import { CardTitle } from "../KeepWords.tsx";

export function Stats() {
  return (
    <section className="section below-fold stats section--paper" aria-labelledby="stats-title">
      <ParticlesCanvas className="stats__particles" />
      <div className="container stats__inner">
        <Reveal>
          <SectionHeading id="stats-title" title={sectionTitles.stats} />
        </Reveal>
        <ul className="stats__grid">
          {stats.map((stat) => (
            <li key={stat.title} className="stat">
              <Counter
                className="stat__value"
                value={stat.value}
                prefix={stat.prefix}
                suffix={stat.suffix}
                durationMs={timings.statCountUpMs}
              />
              <CardTitle className="stat__title" text={stat.title} />
              <p className="stat__subtitle">{stat.subtitle}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
