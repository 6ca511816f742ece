import type { ReactNode } from "react";
import { KeepWords } from "../KeepWords.tsx";

/** Eyebrow, the section's h2 and an optional lead, centred unless `align="left"`. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = "center",
}: {
  id?: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: "center" | "left";
}) {
  return (
    <div className={align === "left" ? "section-heading section-heading--left" : "section-heading"}>
      <span className="eyebrow">{eyebrow}</span>
      <h2 id={id}>
        <KeepWords text={title} />
      </h2>
      {children && <p className="muted">{children}</p>}
    </div>
  );
}
