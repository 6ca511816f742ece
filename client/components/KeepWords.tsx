import { Fragment } from "react";
import { company } from "../../shared/data/company.ts";

/** A hyphenated word, or the company's name (escaped: the name is text, not a pattern). */
const KEPT = new RegExp(`(\\S+-\\S+|${company.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")})`);

/**
 * Text whose hyphenated words never break at their hyphen: "Value-Aligned" wraps before it, not
 * as "Value-" and "Aligned" on two lines of a narrow tag. The company's name stays on one line too
 * ("AgentVerse / AI" split a bio at 1280 px, round 86). Other words wrap at spaces as usual.
 * Text without a hyphen stays one string: adjacent strings would each get a text node and an
 * SSR comment between them.
 */
export function KeepWords({ text }: { text: string }) {
  // split() with a capturing group alternates plain runs (even) and kept words (odd).
  const parts = text.split(KEPT);
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="nowrap">
        {part}
      </span>
    ) : (
      part && <Fragment key={i}>{part}</Fragment>
    ),
  );
}

/** A card's heading, its hyphenated words kept whole: the one way every card set titles a card. */
export function CardTitle({ text, className }: { text: string; className?: string }) {
  return (
    <h3 className={className}>
      <KeepWords text={text} />
    </h3>
  );
}

/** A paragraph with its hyphenated words kept whole: card copy, and an inner page's lead. */
export function CardText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className}>
      <KeepWords text={text} />
    </p>
  );
}
