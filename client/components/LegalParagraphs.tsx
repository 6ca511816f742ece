import type { ReactNode } from "react";
import type { LegalSection } from "../../shared/data/types.ts";
import { KeepWords } from "./KeepWords.tsx";

// A bracketed part of a legal text (e.g. "[Jurisdiction to be confirmed]") is a value the
// operator still has to fill in: it is marked so it stays visible, never passed off as final.
const PLACEHOLDER = /^\[[^\]]+\]$/;
// An e-mail address or the regulator's site named in a text is something a reader acts on, so
// it is a link; the text itself stays word for word what the data says. On paper it carries its
// target after it, as every legal page's link does (data-url, print.css).
const EMAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;
const ICO = "ico.org.uk";
// One split for all three: the capture group keeps each match as its own part.
const PARTS = /(\[[^\]]+\]|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\bico\.org\.uk\b)/;

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
  // Running text keeps its hyphenated words whole: "71-75 Shelton Street" broke at its hyphen.
  return <KeepWords key={key} text={text} />;
}

export function LegalParagraphs({ section }: { section: LegalSection }) {
  return (
    <>
      {section.paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph.split(PARTS).map(part)}</p>
      ))}
    </>
  );
}

/** A legal document's dates, above its introduction. */
export function LegalDates({ effective, lastUpdated }: { effective: string; lastUpdated?: string }) {
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
export function LegalHeading({ text }: { text: string }) {
  const [, number, title] = /^(\d+\.)\s+(.*)$/.exec(text) ?? [];
  if (!number || !title) return <KeepWords text={text} />;
  return (
    <>
      <span className="legal__number">{number}</span> <KeepWords text={title} />
    </>
  );
}
