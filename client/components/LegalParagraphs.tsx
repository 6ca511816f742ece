import type { LegalSection } from "../../shared/data/types.ts";

// A bracketed part of a legal text (e.g. "[Jurisdiction to be confirmed]") is a value the
// operator still has to fill in: it is marked so it stays visible, never passed off as final.
const PLACEHOLDER = /(\[[^\]]+\])/;

export function LegalParagraphs({ section }: { section: LegalSection }) {
  return (
    <>
      {section.paragraphs.map((paragraph, index) => (
        <p key={index}>
          {paragraph.split(PLACEHOLDER).map((part, i) =>
            PLACEHOLDER.test(part) ? (
              <mark key={i} className="legal__placeholder">
                {part}
              </mark>
            ) : (
              part
            ),
          )}
        </p>
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
