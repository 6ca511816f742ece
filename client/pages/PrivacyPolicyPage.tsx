import { privacyMeta } from "../../shared/meta/privacy.ts";
import { privacyPolicy } from "../../shared/data/privacyPolicy.ts";
import { Accordion } from "../components/Accordion.tsx";
import { LegalContents, LegalDates, LegalHeading, LegalParagraphs, LegalRail } from "../components/LegalParagraphs.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

// As the terms' (client/pages/TermsPage.tsx): a contents link names a mark inside its section's
// panel, so following it opens the section with or without JavaScript.
const sectionId = (index: number) => `privacy-${index + 1}`;

/**
 * The privacy policy: nine sections as an accordion beside a rail of contents, built as the terms
 * are. Set open beside the terms' accordion, the two documents read as two designs (rounds 49-74).
 */
export function PrivacyPolicyPage() {
  return (
    <>
      <PageHeader meta={privacyMeta} document />
      <div className="section section--paper legal">
        <div className="container legal__doc">
          <LegalDates effective={privacyPolicy.effective} />
          <p className="legal__intro">{privacyPolicy.intro}</p>
          <LegalRail related="terms">
            <LegalContents sections={privacyPolicy.sections} idOf={sectionId} />
          </LegalRail>
          <Accordion
            items={privacyPolicy.sections.map((section, index) => ({
              key: section.heading,
              anchor: sectionId(index),
              heading: <LegalHeading text={section.heading} />,
              content: <LegalParagraphs section={section} />,
            }))}
          />
        </div>
      </div>
    </>
  );
}
