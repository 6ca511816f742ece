import { company } from "../../../shared/data/company.ts";
import { useAppConfig, serializeForScript } from "../../AppConfig.tsx";

/** schema.org Organization for search engines. A JSON-LD script is data, not run, so the CSP allows it. */
export function OrganizationJsonLd() {
  const { siteUrl } = useAppConfig();
  const data = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: company.name,
    legalName: company.legalName,
    url: new URL("/", siteUrl).href,
    logo: new URL("/favicon.svg", siteUrl).href,
    description: company.tagline,
    email: company.email,
    telephone: company.phone,
    address: company.address.join(", "),
    sameAs: company.social.map((s) => s.href),
  };
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeForScript(data) }} />;
}
