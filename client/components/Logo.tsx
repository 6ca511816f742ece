import { brandName } from "../../shared/site.ts";

/**
 * The mark and name. The mark is the product's own object: an agent's card in front of the one it
 * was leased from, with the live dot the catalog puts on an agent that is available. The front
 * card is drawn in the text's colour and its slot and the dot's ring in the ground's, so the mark
 * reads in either colour scheme (paper on ink, ink on paper).
 */
export function Logo() {
  return (
    <span className="logo">
      <LogoMark size={34} />
      <span className="logo__text">{brandName}</span>
    </span>
  );
}

/** The mark alone: the logo's, and the product's own in the bar of an inner page's window. */
export function LogoMark({ size }: { size: number }) {
  return (
    <svg className="logo__mark" width={size} height={size} viewBox="0 0 34 34" aria-hidden="true" focusable="false">
      <rect x="12" y="3" width="17" height="21" rx="4.5" fill="none" stroke="var(--violet)" strokeWidth="2.5" />
      <rect x="5" y="9" width="17" height="22" rx="4.5" fill="var(--text)" />
      <rect x="8.5" y="24" width="10" height="2.6" rx="1.3" fill="var(--bg)" />
      <circle cx="13.5" cy="16.5" r="3.4" fill="var(--violet)" />
      <circle cx="28" cy="6" r="4.2" fill="var(--signal)" stroke="var(--bg)" strokeWidth="2" />
    </svg>
  );
}
