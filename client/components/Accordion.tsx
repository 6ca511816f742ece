import type { ReactNode } from "react";
import { slug } from "../domId.ts";
import { Icon } from "./Icon.tsx";

export interface AccordionItem {
  key: string;
  heading: ReactNode;
  content: ReactNode;
  /**
   * Id of a mark at the head of the item's panel, for a link to the item. The browser opens a
   * closed <details> when a fragment names an element in its content, not the <details> itself
   * nor its summary; the mark is set at the item's top (inner.css), so the link lands on the title.
   */
  anchor?: string;
}

/**
 * Accordion of native `<details name=…>` items: one open at a time, the first open at the
 * start. The browser opens and closes them, with or without JavaScript, before and after React
 * arrives: React renders them once and never holds their state.
 */
export function Accordion({
  items,
  headingLevel = 2,
  idBase = "accordion",
}: {
  items: readonly AccordionItem[];
  /** Prefix of the items' ids and the group's name (unique on the page; see client/domId.ts). */
  idBase?: string;
  headingLevel?: 2 | 3;
}) {
  const base = slug(idBase);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="accordion">
      {items.map((item, index) => (
        <details
          key={item.key}
          name={base}
          id={`${base}-${slug(item.key)}`}
          className="accordion__item"
          open={index === 0}
        >
          <summary className="accordion__summary">
            <Heading className="accordion__heading">{item.heading}</Heading>
            <Icon name="chevronDown" size={22} className="accordion__chevron" />
          </summary>
          <div className="accordion__panel">
            {item.anchor && <span id={item.anchor} className="accordion__anchor" />}
            {item.content}
          </div>
        </details>
      ))}
    </div>
  );
}
