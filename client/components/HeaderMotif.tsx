import type { ReactNode } from "react";
import type { RouteId } from "../../shared/site.ts";

type InnerRouteId = Exclude<RouteId, "home">;

/**
 * Each inner page's header carries a line drawing of its own, in the site's line-art style, so
 * the pages do not share one band: the team's network, the service stack, the catalog's tiles,
 * the articles' pages, a conversation, and a shield over the legal text. Decorative (hidden
 * from assistive technology); a few hundred bytes of paths, drawn in the accent colours.
 */
const motifs: Record<InnerRouteId, ReactNode> = {
  about: (
    <>
      <path d="M40 110 92 52l62 34 52-50M92 52l-6 76M154 86l-12 48M154 86l52 30" />
      <circle cx="40" cy="110" r="10" />
      <circle cx="92" cy="52" r="14" className="motif__accent" />
      <circle cx="154" cy="86" r="12" />
      <circle cx="206" cy="36" r="9" />
      <circle cx="86" cy="128" r="7" />
      <circle cx="142" cy="134" r="7" />
      <circle cx="206" cy="116" r="9" />
    </>
  ),
  services: (
    <>
      <path d="m120 22 84 36-84 36-84-36z" className="motif__accent" />
      <path d="m36 84 84 36 84-36M36 110l84 36 84-36" />
      <path d="M120 94v52" />
    </>
  ),
  category: (
    <>
      <rect x="30" y="24" width="52" height="52" rx="10" />
      <rect x="94" y="24" width="52" height="52" rx="10" className="motif__accent" />
      <rect x="158" y="24" width="52" height="52" rx="10" />
      <rect x="30" y="88" width="52" height="52" rx="10" />
      <rect x="94" y="88" width="52" height="52" rx="10" />
      <rect x="158" y="88" width="52" height="52" rx="10" />
    </>
  ),
  articles: (
    <>
      <rect x="70" y="20" width="110" height="130" rx="10" />
      <rect x="46" y="34" width="110" height="120" rx="10" className="motif__accent motif__fill" />
      <path d="M66 62h70M66 82h70M66 102h52M66 122h60" />
    </>
  ),
  contact: (
    <>
      <path d="M34 34h118a12 12 0 0 1 12 12v44a12 12 0 0 1-12 12H78l-26 20v-20H34a12 12 0 0 1-12-12V46a12 12 0 0 1 12-12z" />
      <path
        d="M112 84h84a12 12 0 0 1 12 12v30a12 12 0 0 1-12 12h-8v18l-22-18h-54a12 12 0 0 1-12-12V96a12 12 0 0 1 12-12z"
        className="motif__accent motif__fill"
      />
      <path d="M56 68h10m20 0h10m20 0h10" />
    </>
  ),
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

export function HeaderMotif({ route }: { route: InnerRouteId }) {
  return (
    <svg className="page-header__motif" data-motif={route} viewBox="0 0 240 170" aria-hidden="true" focusable="false">
      {motifs[route]}
    </svg>
  );
}
