import { termsMeta } from "../../shared/meta/terms.ts";
import { termsAndConditions } from "../../shared/data/termsAndConditions.ts";
import { Accordion } from "../components/Accordion.tsx";
import { LegalContents, LegalDates, LegalHeading, LegalParagraphs, LegalRail } from "../components/LegalParagraphs.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

// A contents link names a mark inside its section's panel, not the <details> or its summary: the
// browser opens a closed <details> for a fragment only when the target is in its content
// (client/components/Accordion.tsx), so the link opens its section with or without JavaScript.
const sectionId = (index: number) => `terms-${index + 1}`;

/** The terms: dates, an introduction and thirteen sections as an accordion, beside a rail of contents as the privacy policy's. */
export function TermsPage() {
  return (
    <>
      <PageHeader meta={termsMeta} document />
      <div className="section section--paper legal">
        <div className="container legal__doc">
          <LegalDates effective={termsAndConditions.effective} lastUpdated={termsAndConditions.lastUpdated} />
          <p className="legal__intro">{termsAndConditions.intro}</p>
          <LegalRail related="privacy">
            <LegalContents sections={termsAndConditions.sections} idOf={sectionId} />
          </LegalRail>
          <Accordion
            items={termsAndConditions.sections.map((section, index) => ({
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
