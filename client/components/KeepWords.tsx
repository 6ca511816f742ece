import { Fragment } from "react";

/**
 * Text whose hyphenated words never break at their hyphen: "Value-Aligned" wraps before it, not
 * as "Value-" and "Aligned" on two lines of a narrow tag. Other words wrap at spaces as usual.
 * Text without a hyphen stays one string: adjacent strings would each get a text node and an
 * SSR comment between them.
 */
export function KeepWords({ text, display = false }: { text: string; display?: boolean }) {
  // split() with a capturing group alternates plain runs (even) and hyphenated words (odd).
  const parts = text.split(/(\S+-\S+)/);
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="nowrap">
        {display ? <DisplayHyphens word={part} /> : part}
      </span>
    ) : (
      part && <Fragment key={i}>{part}</Fragment>
    ),
  );
}

/**
 * A hyphenated word in the display serif, its hyphens drawn closer (base.css): the face's hyphen
 * is as wide as a dash, so "on-chain" read as "on - chain" in the pull quote (rounds 23-24).
 */
function DisplayHyphens({ word }: { word: string }) {
  return word.split("-").map((piece, i) => (
    <Fragment key={i}>
      {i > 0 && <span className="display-hyphen">-</span>}
      {piece}
    </Fragment>
  ));
}

/** A card's heading, its hyphenated words kept whole: the one way every card set titles a card. */
export function CardTitle({ text, className }: { text: string; className?: string }) {
  return (
    <h3 className={className}>
      <KeepWords text={text} />
    </h3>
  );
}
