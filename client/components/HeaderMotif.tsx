import type { ReactNode } from "react";
import type { RouteId } from "../../shared/site.ts";

/** The documents: the other inner pages show a window of the product (HeaderPanel.tsx). */
type DocumentRouteId = Extract<RouteId, "privacy" | "terms">;

/**
 * The legal pages' headers carry a seal of their own in the site's line-art style: a shield over
 * the privacy policy, a signed page over the terms. Decorative (hidden
 * from assistive technology); a few hundred bytes of paths, drawn in the accent colours.
 */
const motifs: Record<DocumentRouteId, ReactNode> = {
  privacy: (
    <>
      <path d="M120 18 178 40v40c0 34-24 56-58 70-34-14-58-36-58-70V40z" className="motif__accent" />
      <path d="m96 84 18 18 32-36" />
    </>
  ),
  terms: (
    <>
      <rect x="62" y="18" width="116" height="136" rx="10" />
      <path d="M84 48h72M84 68h72M84 88h48" />
      <circle cx="150" cy="122" r="18" className="motif__accent" />
      <path d="m141 122 6 6 12-12" />
    </>
  ),
};

export function HeaderMotif({ route }: { route: DocumentRouteId }) {
  return (
    <svg className="page-header__motif" data-motif={route} viewBox="0 0 240 170" aria-hidden="true" focusable="false">
      {motifs[route]}
    </svg>
  );
}
