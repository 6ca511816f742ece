import { termsMeta } from "../../shared/meta/terms.ts";
import { termsAndConditions } from "../../shared/data/termsAndConditions.ts";
import { LegalDocument } from "../components/LegalDocument.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

/** The terms: dates, an introduction and thirteen sections as an accordion, beside a rail of contents. */
export function TermsPage() {
  return (
    <>
      <PageHeader meta={termsMeta} document />
      <LegalDocument document={termsAndConditions} idPrefix="terms" related="privacy" />
    </>
  );
}
