import type { ReactNode } from "react";
import { KeepWords } from "./KeepWords.tsx";

type TitleProps = { id?: string; eyebrow: string; title: string; children?: ReactNode };

/** What every section opens with: its eyebrow, its h2 and an optional lead, in the caller's box. */
export function SectionTitle({ id, eyebrow, title, children }: TitleProps) {
  return (
    <>
      <span className="eyebrow">{eyebrow}</span>
      <h2 id={id}>
        <KeepWords text={title} />
      </h2>
      {children && <p className="muted">{children}</p>}
    </>
  );
}

/** The same in a box of its own, set at the left as every section head is (base.css). */
export function SectionHeading(title: TitleProps) {
  return (
    <div className="section-heading">
      <SectionTitle {...title} />
    </div>
  );
}
