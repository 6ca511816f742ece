/**
 * A person's initials on a seal in the brand's colours (a ringed disc, home.css), with the logo's
 * signal dot on its shoulder: what the roster and the quotes show instead of a face. Line-drawn heads read as stand-ins
 * (round 7); initials do not pretend to be a photograph. A title such as "Dr" is not an initial.
 * Decorative: the name is written out beside it.
 */
export function Monogram({ name, className }: { name: string; className?: string }) {
  const words = name.split(" ").filter((word) => !/^Dr\.?$/.test(word));
  const initials = `${words[0]?.[0] ?? ""}${words.length > 1 ? words[words.length - 1]![0] : ""}`;
  return (
    <span className={className ? `monogram ${className}` : "monogram"} aria-hidden="true">
      {initials}
    </span>
  );
}
