import { privacyMeta } from "../../shared/meta/privacy.ts";
import { privacyPolicy } from "../../shared/data/privacyPolicy.ts";
import { LegalContents, LegalDates, LegalHeading, LegalParagraphs, LegalRail } from "../components/LegalParagraphs.tsx";
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
            <LegalContents sections={privacyPolicy.sections} idOf={sectionId} />
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
