import { termsMeta } from "../../shared/meta/terms.ts";
import { termsAndConditions } from "../../shared/data/termsAndConditions.ts";
import { Accordion } from "../components/Accordion.tsx";
import { LegalDates, LegalHeading, LegalParagraphs, LegalRail } from "../components/LegalParagraphs.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

/** The terms: dates, an introduction and thirteen sections as an accordion, beside the rail the privacy policy has too. */
export function TermsPage() {
  return (
    <>
      <PageHeader meta={termsMeta} document />
      <div className="section section--paper legal">
        <div className="container legal__doc">
          <LegalDates effective={termsAndConditions.effective} lastUpdated={termsAndConditions.lastUpdated} />
          <p className="legal__intro">{termsAndConditions.intro}</p>
          <LegalRail related="privacy" />
          <Accordion
            items={termsAndConditions.sections.map((section) => ({
              key: section.heading,
              heading: <LegalHeading text={section.heading} />,
              content: <LegalParagraphs section={section} />,
            }))}
          />
        </div>
      </div>
    </>
  );
}
