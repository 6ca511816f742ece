import { brandName } from "../../shared/site.ts";

// The wordmark's two parts: the name, and the "AI" set as a tag after it.
const [word, suffix] = brandName.split(" ") as [string, string];

/**
 * The mark and the wordmark. The mark is the lease flow drawn as the brand's initial: a line from
 * its first step (the ink node) over the signing to the agent live (the node lit in signal, as
 * the catalog marks an agent that is live), an A on an ember tile. Reviewers read the earlier
 * card glyph as generic; the A is the site's own sequence (the hero's lease flow). Ink on ember,
 * and the tile reads on either ground, so the mark works in both colour schemes. The wordmark
 * sets "AI" as a tag after the name; its text is still the brand's name, whole.
 */
export function Logo() {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo__text">
        {word} <span className="logo__suffix">{suffix}</span>
      </span>
    </span>
  );
}

/** The mark: its size is set by its place's stylesheet (layout.css). */
function LogoMark() {
  return (
    <svg className="logo__mark" viewBox="0 0 34 34" aria-hidden="true">
      <rect x="1" y="1" width="32" height="32" rx="9" fill="var(--ember)" />
      {/* Its line's fill, width, caps and joins are in layout.css: the header's script is at its byte budget. */}
      <path d="M8.5 25.5 17 8.5l8.5 17M12.6 19.5h8.8" stroke="var(--ink)" />
      <circle cx="8.5" cy="25.5" r="2.6" fill="var(--ink)" />
      <circle cx="25.5" cy="25.5" r="3.6" fill="var(--signal)" stroke="var(--ink)" strokeWidth="2" />
    </svg>
  );
}
