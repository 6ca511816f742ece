import { Fragment } from "react";

/**
 * Text whose hyphenated words never break at their hyphen: "Value-Aligned" wraps before it, not
 * as "Value-" and "Aligned" on two lines of a narrow tag. Other words wrap at spaces as usual.
 */
export function KeepWords({ text }: { text: string }) {
  return text.split(" ").map((word, i) => (
    <Fragment key={i}>
      {i > 0 && " "}
      {word.includes("-") ? <span className="nowrap">{word}</span> : word}
    </Fragment>
  ));
}
