import type { ReactNode } from "react";
import { KeepWords } from "./KeepWords.tsx";

type TitleProps = { id?: string; title: string; children?: ReactNode };

/**
 * What a section opens with: its h2 and an optional lead, in the caller's box. No label over the
 * heading: a rule and an uppercase word over every one of some twenty sections read as one recipe
 * repeated (design review rounds 43-47); the layouts differ, and the headings say enough.
 */
export function SectionTitle({ id, title, children }: TitleProps) {
  return (
    <>
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
