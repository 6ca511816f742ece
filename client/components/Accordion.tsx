import { useState, type ReactNode } from "react";
import { slug } from "../domId.ts";
import { Icon } from "./Icon.tsx";

export interface AccordionItem {
  key: string;
  heading: string;
  content: ReactNode;
}

/**
 * Accordion (WAI-ARIA pattern): each heading holds a button with aria-expanded controlling its
 * panel, a region labelled by that button. Sections open independently; the first starts open.
 *
 * A collapsed panel is hidden only when scripting is enabled (`@media (scripting: enabled)` in
 * inner.css): without JavaScript every panel reads, and with it the first paint already matches
 * the hydrated page, so nothing shifts.
 */
export function Accordion({
  items,
  headingLevel = 2,
  defaultOpen = [0],
  idBase = "accordion",
}: {
  items: readonly AccordionItem[];
  /** Prefix of the buttons' and panels' ids (unique on the page; see client/domId.ts). */
  idBase?: string;
  headingLevel?: 2 | 3;
  defaultOpen?: readonly number[];
}) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(defaultOpen));
  const base = slug(idBase);
  const Heading = headingLevel === 2 ? "h2" : "h3";

  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <div className="accordion">
      {items.map((item, index) => {
        const expanded = open.has(index);
        const buttonId = `${base}-button-${slug(item.key)}`;
        const panelId = `${base}-panel-${slug(item.key)}`;
        return (
          <div key={item.key} className="accordion__item" data-open={expanded || undefined}>
            <Heading className="accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="accordion__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(index)}
              >
                <span>{item.heading}</span>
                <Icon name="chevronDown" size={22} className="accordion__chevron" />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion__panel">
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
