import type { DataIcon } from "../../shared/data/types.ts";
import { Icon, type IconName } from "./Icon.tsx";
import { CardText, CardTitle, KeepWords } from "./KeepWords.tsx";
import { Reveal } from "./Reveal.tsx";

type Look = {
  /** The card's own classes (its list item's) and its icon tile's (none: the card has no icon). */
  card: string;
  tile?: string;
  iconSize?: number;
  effect?: "up" | "left" | "right" | "zoom";
  /** Heading and text in one box, for cards that set the icon beside them. */
  grouped?: boolean;
};

/** How each feature list of the site draws its cards (its section's stylesheet styles them). */
const looks = {
  about: { card: "feature-card", tile: "icon-tile", iconSize: 28 },
  technology: { card: "feature-card feature-card--center", tile: "icon-tile icon-tile--lg", iconSize: 32 },
  catalog: { card: "feature-card", tile: "icon-badge", iconSize: 28, effect: "zoom" },
  scope: { card: "scope-card", tile: "icon-badge icon-badge--small", iconSize: 24 },
  // The values are words, not icons: their titles set large in the serif, a change of scale among
  // the home page's icon, title and paragraph lists (round 58 counted six in a row).
  values: { card: "value-card", effect: "right" },
  whyUs: { card: "why-us__point", tile: "icon-tile", iconSize: 28, grouped: true },
} satisfies Record<string, Look>;

type FeatureItem = { title: string; text: string; icon: DataIcon };

/**
 * A feature list, as every such section of the site draws one: a card per item in the section's
 * look. (Items are the spec's static lists, one of which names "Education & Training" twice, so
 * a card's key is its place.)
 */
export function FeatureList({
  items,
  look,
  className,
  label,
}: {
  items: readonly FeatureItem[];
  look: keyof typeof looks;
  className: string;
  label?: string;
}) {
  return (
    <ul className={className} aria-label={label}>
      {items.map((item, i) => (
        <FeatureCard key={i} item={item} look={look} />
      ))}
    </ul>
  );
}

/**
 * A list item of a feature list: an icon in its tile, a heading and its text, hyphenated words
 * kept whole in both ("hands-on" broke as "hands-" and "on", round 48).
 */
function FeatureCard({ item, look }: { item: FeatureItem; look: keyof typeof looks }) {
  const { card, tile, iconSize, effect, grouped }: Look = looks[look];
  const body = (
    <>
      <CardTitle text={item.title} />
      <CardText className="muted" text={item.text} />
    </>
  );
  return (
    <Reveal as="li" className={card} effect={effect}>
      {tile && (
        <span className={tile}>
          <Icon name={item.icon} size={iconSize} />
        </span>
      )}
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
          {/* Hyphenated words wrap whole ("time-" and "limited" split over two lines at 1280 px). */}
          <span>
            <KeepWords text={point} />
          </span>
        </li>
      ))}
    </ul>
  );
}
