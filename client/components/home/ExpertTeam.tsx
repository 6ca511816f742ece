import { sectionTitles, team } from "../../../shared/data/home.ts";
import { Reveal } from "../Reveal.tsx";
import { SectionHeading } from "../SectionHeading.tsx";
import { CardText, CardTitle } from "../KeepWords.tsx";
import { LazyImage } from "../Icon.tsx";

export function ExpertTeam() {
  return (
    <section id="ourprofessionals" className="section below-fold section--paper" aria-labelledby="team-title">
      {/* The people on rules, not boxed cards: rows on tablets, three columns under the heading
          on wide screens (home.css). On paper, names in the display serif, each person drawn in
          ink (Zoish's Notionists, CC0, public/images/team/README.md): seals of initials read as
          missing photographs (rounds 22-23), no picture at all as a section left unfinished
          (rounds 48-67), and the site has no photographs of its people to show. The drawing is
          decorative: the name beside it says who it is. */}
      <div className="container team-layout">
        <Reveal>
          <SectionHeading id="team-title" title={sectionTitles.team}>
            The people who design the marketplace, build its agents and keep them running.
          </SectionHeading>
        </Reveal>
        <ul className="team-grid card-set" aria-label="Team members">
          {team.map((member) => (
            <Reveal as="li" key={member.id} className="team-card">
              <LazyImage className="team-card__portrait" src={member.portrait} alt="" width={112} height={112} />
              <CardTitle className="team-card__name" text={member.name} />
              <p className="team-card__role">{member.role}</p>
              <CardText className="muted team-card__bio" text={member.bio} />
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  );
}
