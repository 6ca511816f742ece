import { sectionTitles, team } from "../../../shared/data/home.ts";
import { Reveal } from "../Reveal.tsx";
import { SectionHeading } from "../SectionHeading.tsx";
import { CardTitle } from "../KeepWords.tsx";
import { Monogram } from "./Monogram.tsx";

export function ExpertTeam() {
  return (
    <section id="ourprofessionals" className="section below-fold section--alt" aria-labelledby="team-title">
      {/* The heading beside the people on wide screens, the people as a list of rows: the one
          section of the page that is a roster, not a grid of cards under a centred title. */}
      <div className="container team-layout">
        <Reveal>
          <SectionHeading id="team-title" eyebrow="Our Professionals" title={sectionTitles.team} align="left">
            The people who design the marketplace, build its agents and keep them running.
          </SectionHeading>
        </Reveal>
        <ul className="team-grid card-set" aria-label="Team members">
          {team.map((member) => (
            <Reveal as="li" key={member.id} className="team-card">
              <Monogram className="team-card__mark" name={member.name} />
              <CardTitle className="team-card__name" text={member.name} />
              <p className="team-card__role">{member.role}</p>
              <p className="muted team-card__bio">{member.bio}</p>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  );
}
