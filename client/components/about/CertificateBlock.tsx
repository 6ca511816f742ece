import { certificate } from "../../../shared/data/about.ts";
import { company } from "../../../shared/data/company.ts";
import { Icon, LazyImage } from "../Icon.tsx";
import { KeepWords } from "../KeepWords.tsx";
import { Reveal } from "../Reveal.tsx";
import { SectionTitle } from "../SectionHeading.tsx";

/** Certificate of incorporation (anchor certificate, linked from the footer). */
export function CertificateBlock() {
  return (
    <section id="certificate" className="section certificate" aria-labelledby="certificate-title">
      <div className="container certificate__grid">
        <Reveal className="certificate__body">
          <SectionTitle id="certificate-title" title={certificate.title}>
            <KeepWords text={certificate.text} />
          </SectionTitle>
          <p className="certificate__note">
            <Icon name="shield" size={18} />
            <span>{company.legalName} is a private limited company.</span>
          </p>
        </Reveal>
        <Reveal className="certificate__media" effect="zoom">
          <LazyImage src={certificate.image} alt={certificate.imageAlt} width={520} height={380} />
        </Reveal>
      </div>
    </section>
  );
}
