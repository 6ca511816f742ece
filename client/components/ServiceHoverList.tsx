import { useState } from "react";
import type { ServiceListItem } from "../../shared/data/types.ts";
import { Icon } from "./Icon.tsx";
import { CardTitle } from "./KeepWords.tsx";

/**
 * A list of services; the row under the pointer (or keyboard focus) is highlighted, and none is
 * until then, on either page (a row lit at rest read as a stuck hover). One row on both pages;
 * from 992 px /service sets the list beside its pitch and drawing, home across the container
 * under its heading, each title beside its line (an index, as the industries'). Home names the
 * list with `label`.
 */
export function ServiceHoverList({ items, label }: { items: readonly ServiceListItem[]; label?: string }) {
  const [active, setActive] = useState(-1);
  return (
    <ol className="service-hover-list" aria-label={label}>
      {items.map((item, index) => (
        <li
          key={item.id}
          className="service-hover-list__row"
          data-active={index === active || undefined}
          onMouseEnter={() => setActive(index)}
          onFocus={() => setActive(index)}
          onMouseLeave={() => setActive(-1)}
          onBlur={() => setActive(-1)}
        >
          <span className="service-hover-list__number" aria-hidden="true">
            {String(index + 1).padStart(2, "0")}
          </span>
          <div className="service-hover-list__body">
            <CardTitle className="service-hover-list__title" text={item.title} />
            <p className="service-hover-list__desc">{item.desc}</p>
          </div>
          <span className="service-hover-list__arrow" aria-hidden="true">
            <Icon name="arrowRight" size={22} />
          </span>
        </li>
      ))}
    </ol>
  );
}
