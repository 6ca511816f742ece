import { brandName } from "../../shared/site.ts";

/** The mark and name. Header and footer both draw it, so each gets its own gradient id. */
export function Logo({ place }: { place: "header" | "footer" }) {
  // Named by where it stands, not useId: the same id on the server and in the browser (client/domId.ts).
  const gradient = `logo-g-${place}`;
  return (
    <span className="logo">
      <svg className="logo__mark" width="34" height="34" viewBox="0 0 34 34" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="var(--accent)" />
            <stop offset="1" stopColor="var(--accent-2)" />
          </linearGradient>
        </defs>
        <path d="M17 2l13 7.5v15L17 32 4 24.5v-15z" fill="none" stroke={`url(#${gradient})`} strokeWidth="2.5" />
        <circle cx="17" cy="17" r="5" fill={`url(#${gradient})`} />
      </svg>
      <span className="logo__text">{brandName}</span>
    </span>
  );
}
