import type { ReactNode } from "react";
import { Link } from "react-router";
import { company } from "../../shared/data/company.ts";
import type { LegalSection } from "../../shared/data/types.ts";
import { routeById } from "../../shared/site.ts";
import { useAppConfig } from "../AppConfig.tsx";
import { Accordion } from "./Accordion.tsx";
import { KeepWords } from "./KeepWords.tsx";

// A bracketed part of a legal text (e.g. "[Jurisdiction to be confirmed]") is a value the
// operator still has to fill in: it is marked so it stays visible, never passed off as final.
const PLACEHOLDER = /^\[[^\]]+\]$/;
// An e-mail address or the regulator's site named in a text is something a reader acts on, so
// it is a link; the text itself stays word for word what the data says. On paper it carries its
// target after it, as every legal page's link does (data-url, print.css).
const EMAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;
const ICO = "ico.org.uk";
// A UK phone number ("0303 123 1113") is dialled from the page, and never breaks at its spaces
// (at 768 px the regulator's number split as "0303 123 / 1113", round 44).
const PHONE = /^0\d{2,4}(?: \d{3,4}){2}$/;
// One split for all four: the capture group keeps each match as its own part.
const PARTS = /(\[[^\]]+\]|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\bico\.org\.uk\b|\b0\d{2,4}(?: \d{3,4}){2}\b)/;

function part(text: string, key: number): ReactNode {
  if (PLACEHOLDER.test(text))
    return (
      <mark key={key} className="legal__placeholder">
        {text}
      </mark>
    );
  if (EMAIL.test(text))
    return (
      <a key={key} href={`mailto:${text}`} data-url={`mailto:${text}`}>
        {text}
      </a>
    );
  if (text === ICO)
    return (
      <a key={key} href={`https://${ICO}/`} data-url={`https://${ICO}/`}>
        {text}
      </a>
    );
  if (PHONE.test(text)) {
    const tel = `tel:+44${text.slice(1).replaceAll(" ", "")}`;
    return (
      <a key={key} className="nowrap" href={tel} data-url={tel}>
        {text}
      </a>
    );
  }
  // Running text keeps its hyphenated words whole: "71-75 Shelton Street" broke at its hyphen.
  return <KeepWords key={key} text={text} />;
}

function LegalParagraphs({ section }: { section: LegalSection }) {
  return (
    <>
      {section.paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph.split(PARTS).map(part)}</p>
      ))}
    </>
  );
}

/** A legal document's dates, above its introduction. */
function LegalDates({ effective, lastUpdated }: { effective: string; lastUpdated?: string }) {
  return (
    <p className="legal__dates">
      <span>
        Effective: <strong>{effective}</strong>
      </span>
      {lastUpdated && (
        <span>
          Last updated: <strong>{lastUpdated}</strong>
        </span>
      )}
    </p>
  );
}

/**
 * A document section's title, "11. Limitation of Liability": its number set apart as a small label
 * in the text face before the title in the display serif, whose 1 has almost no flag ("11." read
 * as "ll.", rounds 17-19). The heading's text stays the data's, word for word.
 */
function LegalHeading({ text }: { text: string }) {
  const [, number, title] = /^(\d+\.)\s+(.*)$/.exec(text) ?? [];
  if (!number || !title) return <KeepWords text={text} />;
  return (
    <>
      <span className="legal__number">{number}</span> <KeepWords text={title} />
    </>
  );
}

/**
 * A document's contents, for its rail: one link per section to the id `idOf` gives it (the
 * accordion opens the section a link names: client/components/Accordion.tsx).
 */
function LegalContents({ sections, idOf }: { sections: readonly LegalSection[]; idOf: (index: number) => string }) {
  return (
    <nav className="legal__toc" aria-label="Contents">
      <p className="legal__toc-title">Contents</p>
      <ol>
        {sections.map((section, index) => (
          <li key={section.heading}>
            <a href={`#${idOf(index)}`}>
              <ContentsEntry heading={section.heading} />
            </a>
          </li>
        ))}
      </ol>
    </nav>
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

/**
 * The margin rail both legal documents share (inner.css): from 768 px a column at the left of the
 * text, under phones a box between the introduction and the text. It holds the document's contents
 * and, on both, the other document and the address to write to,
 * so the two pages are laid out alike and neither rail is a list over an empty column. Its links
 * print their addresses, as every link of the documents does (data-url, print.css).
 */
function LegalRail({ related, children }: { related: "privacy" | "terms"; children?: ReactNode }) {
  const { siteUrl } = useAppConfig();
  const other = routeById(related);
  const mail = `mailto:${company.email}`;
  return (
    <div className="legal__rail">
      {children}
      <dl className="legal__rail-facts">
        <div>
          <dt>Related</dt>
          <dd>
            <Link to={other.path} data-url={new URL(other.path, siteUrl).href}>
              {other.label}
            </Link>
          </dd>
        </div>
        <div>
          <dt>Contact</dt>
          <dd>
            <a href={mail} data-url={mail}>
              {company.email}
            </a>
          </dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * A legal document as both legal pages set it (client/pages/PrivacyPolicyPage.tsx, TermsPage.tsx):
 * its dates and introduction, the rail of contents, and its sections as an accordion (the spec's
 * for the terms; the privacy policy's too, since open beside the terms' accordion the two read as
 * two designs, docs/design-review.md rounds 49-74). A contents link names a mark inside its
 * section's panel, so following it opens the section with or without JavaScript.
 */
export function LegalDocument({
  document,
  idPrefix,
  related,
}: {
  document: { effective: string; lastUpdated?: string; intro: string; sections: readonly LegalSection[] };
  /** The sections' ids: `${idPrefix}-1`, `${idPrefix}-2`… */
  idPrefix: string;
  /** The other legal document, named in the rail. */
  related: "privacy" | "terms";
}) {
  const sectionId = (index: number) => `${idPrefix}-${index + 1}`;
  return (
    <div className="section section--paper legal">
      <div className="container legal__doc">
        <LegalDates effective={document.effective} lastUpdated={document.lastUpdated} />
        <p className="legal__intro">{document.intro}</p>
        <LegalRail related={related}>
          <LegalContents sections={document.sections} idOf={sectionId} />
        </LegalRail>
        <Accordion
          items={document.sections.map((section, index) => ({
            key: section.heading,
            anchor: sectionId(index),
            heading: <LegalHeading text={section.heading} />,
            content: <LegalParagraphs section={section} />,
          }))}
        />
      </div>
    </div>
  );
}
