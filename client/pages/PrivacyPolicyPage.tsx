import { privacyMeta } from "../../shared/meta/privacy.ts";
import { privacyPolicy } from "../../shared/data/privacyPolicy.ts";
import { LegalDates, LegalHeading, LegalParagraphs, LegalRail } from "../components/LegalParagraphs.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

const sectionId = (index: number) => `privacy-${index + 1}`;

/** The privacy policy: nine sections beside a rail of contents, in the layout the terms share. */
export function PrivacyPolicyPage() {
  return (
    <>
      <PageHeader meta={privacyMeta} document />
      <div className="section section--paper legal">
        <article className="container legal__doc">
          <LegalDates effective={privacyPolicy.effective} />
          <p className="legal__intro">{privacyPolicy.intro}</p>
          <LegalRail related="terms">
            <nav className="legal__toc" aria-label="Contents">
              <p className="legal__toc-title">Contents</p>
              <ol>
                {privacyPolicy.sections.map((section, index) => (
                  <li key={section.heading}>
                    <a href={`#${sectionId(index)}`}>
                      <ContentsEntry heading={section.heading} />
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          </LegalRail>
          {privacyPolicy.sections.map((section, index) => (
            <section
              key={section.heading}
              id={sectionId(index)}
              className="legal__section"
              aria-labelledby={`${sectionId(index)}-title`}
            >
              <h2 id={`${sectionId(index)}-title`}>
                <LegalHeading text={section.heading} />
              </h2>
              <LegalParagraphs section={section} />
            </section>
          ))}
        </article>
      </div>
    </>
  );
}

/**
 * A contents entry: its number set apart (the space kept in it, so its name reads as before), so a
 * wrapped title hangs under its first word, not under its number (inner.css).
 */
function ContentsEntry({ heading }: { heading: string }) {
  const [, number, title] = /^(\d+\.)\s+(.*)$/.exec(heading) ?? [];
  if (!number || !title) return heading;
  return (
    <>
      <span className="legal__toc-number">{`${number} `}</span>
      {title}
    </>
  );
}
