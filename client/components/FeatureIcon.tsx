/**
 * Icon named by the `icon` field of the inner pages' data (about features, why-choose-us).
 * The icons are SVG files under public/images/icons, not JSX paths: they cost no JavaScript on
 * routes whose first-load budget is tight, and carry the brand gradient on their stroke.
 */
export function FeatureIcon({ name, size = 28 }: { name: string; size?: number }) {
  return <img src={`/images/icons/${name}.svg`} alt="" width={size} height={size} loading="lazy" decoding="async" />;
}
