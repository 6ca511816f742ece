import type { ReactNode } from "react";
import { company } from "../../shared/data/company.ts";
import { Icon, type IconName } from "./Icon.tsx";
import { CardTitle } from "./KeepWords.tsx";

/** Address, e-mail, phone and opening hours (docs/product.md section 2: Monday to Friday 09:00-17:00, weekend closed). */
export function ContactInfoCards() {
  const cards: { icon: IconName; title: string; body: ReactNode }[] = [
    {
      icon: "location",
      title: "Address",
      body: (
        <address className="info-card__address">
          {company.address.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
      ),
    },
    { icon: "mail", title: "Email", body: <a href={`mailto:${company.email}`}>{company.email}</a> },
    { icon: "phone", title: "Phone", body: <a href={company.phoneHref}>{company.phone}</a> },
    {
      icon: "clock",
      title: "Opening Hours",
      body: (
        <ul className="info-card__hours">
          {company.openingHours.map((slot) => (
            <li key={slot.days}>
              {`${slot.days} `}
              {/* A time range must not break at its hyphen. */}
              <span className="nowrap">{slot.hours}</span>
            </li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <ul className="info-cards">
      {cards.map((card) => (
        <li key={card.title} className="info-card">
          <span className="info-card__icon">
            <Icon name={card.icon} size={22} />
          </span>
          <div>
            <CardTitle className="info-card__title" text={card.title} />
            <div className="info-card__body">{card.body}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}
