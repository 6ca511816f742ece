import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { slug } from "../domId.ts";

export interface TabItem {
  /** Stable key, also part of the element ids. */
  key: string;
  label: ReactNode;
  panel: ReactNode;
}

export interface TabsProps {
  /** Accessible name of the tab list, e.g. "Industries". */
  label: string;
  items: readonly TabItem[];
  /** Initially selected tab (first by default). */
  defaultIndex?: number;
  onSelect?: (index: number) => void;
  className?: string;
  /** Extra class on the tab list (e.g. a scrolling pill row). */
  listClassName?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: exactly one tab is selected, only it is in the tab
 * order (roving tabindex), Left/Right wrap around, Home/End jump to the ends.
 *
 * Every panel is rendered: the inactive ones are hidden by CSS only when scripting is enabled
 * (`@media (scripting: enabled)`), so without JavaScript the panels stack and all read, and with
 * JavaScript the first paint already shows one panel (no layout shift at hydration).
 */
export function Tabs({ label, items, defaultIndex = 0, onSelect, className, listClassName }: TabsProps) {
  const [selected, setSelected] = useState(defaultIndex);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // Ids from the tab row's label, not useId (see client/domId.ts).
  const base = slug(label);
  const tabId = (key: string) => `${base}-tab-${slug(key)}`;
  const panelId = (key: string) => `${base}-panel-${slug(key)}`;

  const select = (index: number, focus: boolean) => {
    setSelected(index);
    onSelect?.(index);
    if (focus) tabRefs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  return (
    <div className={className ? `tabs ${className}` : "tabs"}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className={listClassName ? `tabs__list ${listClassName}` : "tabs__list"}
      >
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={tabId(item.key)}
            className="tabs__tab"
            aria-selected={index === selected}
            aria-controls={panelId(item.key)}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => select(index, false)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </button>
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
