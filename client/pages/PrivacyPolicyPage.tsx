import { privacyMeta } from "../../shared/meta/privacy.ts";
import { privacyPolicy } from "../../shared/data/privacyPolicy.ts";
import { LegalDocument } from "../components/LegalDocument.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

/** The privacy policy: nine sections beside a rail of contents, set as the terms are. */
export function PrivacyPolicyPage() {
  return (
    <>
      <PageHeader meta={privacyMeta} document />
      <LegalDocument document={privacyPolicy} idPrefix="privacy" related="terms" />
    </>
  );
}
