import { useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { tabForKey } from "../controls/tabKeys.ts";
import { slug } from "../domId.ts";
import { KeepWords } from "./KeepWords.tsx";

export interface TabItem {
  /** Stable key, also part of the element ids. */
  key: string;
  label: string;
  panel: ReactNode;
}

export interface TabsProps {
  /** Accessible name of the tab list, e.g. "Industries". */
  label: string;
  items: readonly TabItem[];
  className?: string;
  /** Extra class on the tab list (e.g. the pill row). */
  listClassName?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: exactly one tab is selected (the first by default),
 * only it is in the tab order (roving tabindex), Left/Right wrap around, Home/End jump to the ends.
 * (Horizontal, a tablist's default orientation: it carries no aria-orientation.)
 *
 * Each tab is a link to its panel. Without JavaScript the panels stack and all read, and a tab
 * jumps to its panel, which then shows alone (:target, noscript.css). Before React arrives,
 * client/earlyControls.ts selects tabs on the server's HTML; React reads that choice back when
 * it hydrates, so a tap made before is kept.
 */
export function Tabs({ label, items, className, listClassName }: TabsProps) {
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  // Ids from the tab row's label, not useId (see client/domId.ts).
  const base = slug(label);
  const tabId = (key: string) => `${base}-tab-${slug(key)}`;
  const panelId = (key: string) => `${base}-panel-${slug(key)}`;

  // The tab chosen before hydration (client/earlyControls.ts) is the one selected.
  useLayoutEffect(() => {
    const chosen = tabRefs.current.findIndex((tab) => tab?.getAttribute("aria-selected") === "true");
    if (chosen > 0) setSelected(chosen);
  }, []);

  const select = (index: number, focus: boolean) => {
    setSelected(index);
    if (focus) tabRefs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const target = tabForKey(event.key, index, items.length);
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  const onClick = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    event.preventDefault();
    select(index, false);
  };

  return (
    <div className={className ? `tabs ${className}` : "tabs"}>
      <div role="tablist" aria-label={label} className={listClassName ? `tabs__list ${listClassName}` : "tabs__list"}>
        {items.map((item, index) => (
          <a
            key={item.key}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            href={`#${panelId(item.key)}`}
            role="tab"
            id={tabId(item.key)}
            className="tabs__tab"
            aria-selected={index === selected}
            aria-controls={panelId(item.key)}
            tabIndex={index === selected ? 0 : -1}
            onClick={(event) => onClick(event, index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {/* One span (a tab lays out its children as flex items), hyphenated words whole: the
                phones' columns wrap a label ("Value-Aligned"). */}
            <span>
              <KeepWords text={item.label} />
            </span>
          </a>
        ))}
      </div>
      {items.map((item, index) => (
        <div
          key={item.key}
          role="tabpanel"
          id={panelId(item.key)}
          aria-labelledby={tabId(item.key)}
          className="tabs__panel"
          data-active={index === selected || undefined}
          tabIndex={0}
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
