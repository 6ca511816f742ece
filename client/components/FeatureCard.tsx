import type { ReactNode } from "react";
import { Icon, type IconName } from "./Icon.tsx";
import { KeepWords } from "./KeepWords.tsx";
import { Reveal } from "./Reveal.tsx";

type FeatureCardProps = {
  /** The card's own classes (its list item's). */
  className: string;
  /** The classes of the box the icon sits in. */
  tile: string;
  icon: IconName;
  iconSize: number;
  title: string;
  text: ReactNode;
  effect?: "up" | "left" | "right" | "zoom";
  /** Heading and text in one box, for cards that set the icon beside them. */
  grouped?: boolean;
};

/** A list item of a feature list: an icon in its tile, a heading and its text. */
export function FeatureCard({ className, tile, icon, iconSize, title, text, effect, grouped }: FeatureCardProps) {
  const body = (
    <>
      <h3>
        <KeepWords text={title} />
      </h3>
      <p className="muted">{text}</p>
    </>
  );
  return (
    <Reveal as="li" className={className} effect={effect}>
      <span className={tile}>
        <Icon name={icon} size={iconSize} />
      </span>
      {grouped ? <div>{body}</div> : body}
    </Reveal>
  );
}

/** A list of bullet points, each led by the same icon. */
export function CheckList({ points, icon }: { points: readonly string[]; icon: IconName }) {
  return (
    <ul className="check-list">
      {points.map((point) => (
        <li key={point}>
          <Icon name={icon} size={20} className="check-list__icon" />
          {point}
        </li>
      ))}
    </ul>
  );
}
