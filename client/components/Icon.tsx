// The site's one icon component: a hand-picked set (24px grid) so no icon font is downloaded.
// Most are stroke paths drawn inline; the inner pages' feature icons are files (below).
import type { ImgHTMLAttributes } from "react";

const paths = {
  bars: "M4 6h16M4 12h16M4 18h16",
  close: "M6 6l12 12M18 6L6 18",
  arrowRight: "M5 12h14M13 6l6 6-6 6",
  arrowLeft: "M19 12H5M11 6l-6 6 6 6",
  arrowUp: "M12 19V5M6 11l6-6 6 6",
  external: "M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5",
  location: "M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  phone: "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z",
  mail: "M4 6h16v12H4zM4 7l8 6 8-6",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2",
  check: "M5 12l5 5L19 7",
  chevronDown: "M6 9l6 6 6-6",
  facebook: "M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v6h4v-6h3l1-4h-4V8z",
  x: "M4 4l16 16M20 4L4 20",
  instagram:
    "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zM12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM17.5 6.5h.01",
  download: "M12 4v11M7 10l5 5 5-5M5 20h14",
  shield: "M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z",
  pause: "M9 5v14M15 5v14",
  play: "M8 5l11 7-11 7z",
  sun: "M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2.5v2M12 19.5v2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M2.5 12h2M19.5 12h2M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4",
  moon: "M19.5 14.6A8 8 0 0 1 9.4 4.5a8 8 0 1 0 10.1 10.1z",
  // The home page's data icons (shared/data/home.ts).
  catalog: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z",
  layers: "M12 3l9 5-9 5-9-5zM3 13l9 5 9-5M3 17.5l9 5 9-5",
  globe:
    "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z",
  "shopping-bag": "M5 8h14l-1 13H6zM9 8V6a3 3 0 0 1 6 0v2",
  "graduation-cap": "M2 9l10-5 10 5-10 5zM6 11v5c3 2.5 9 2.5 12 0v-5M22 9v6",
  "heart-pulse": "M20.5 12.5L12 21l-8.5-8.5A5 5 0 0 1 12 6a5 5 0 0 1 8.5 6.5zM3 12h4l2-3 3 6 2-3h7",
  truck: "M2 6h12v10H2zM14 10h4l3 3v3h-7zM6 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z",
  building: "M4 21V4h10v17M14 9h6v12M2 21h20M7 8h1M10 8h1M7 12h1M10 12h1M7 16h1M10 16h1M17 13h1M17 17h1",
  users:
    "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1M16 3.5a4 4 0 0 1 0 7.5M19 14.5a6 6 0 0 1 3 5.5v1",
  "shield-check": "M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5",
  network:
    "M12 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM5 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 8v5M12 13l-5.5 3.5M12 13l5.5 3.5",
  rocket:
    "M5 15c-1.5 1.5-2 5-2 5s3.5-.5 5-2M9 15l-3-3c1-4 5-9 13-9 0 8-5 12-9 13zM15 9.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM6 12H3l3-4h4M12 18v3l4-3v-4",
} as const;

/**
 * The inner pages' feature icons (shared/data/about.ts, whyChooseUs.ts) are the SVG files
 * public/images/icons/<name>.svg: they cost no JavaScript on routes whose first-load budget is
 * tight. Their stroke is the signal, as the home page's drawn icons are (currentColor on their
 * tiles): with the brand gradient they read gold beside home's lime (round 69).
 */
export const iconFiles = [
  "award",
  "briefcase",
  "chat",
  "cpu",
  "headset",
  "image",
  "lightbulb",
  "robot",
  "sliders",
  "trending-up",
] as const;

type IconFile = (typeof iconFiles)[number];
export type IconName = keyof typeof paths | IconFile;

function isFile(name: IconName): name is IconFile {
  return !(name in paths);
}

/**
 * A picture below the first screen: fetched only near the viewport and decoded off the main
 * thread. It lives here, beside the icons (which are such pictures too), so that it joins a
 * module every page loads instead of adding a chunk.
 */
export function LazyImage(props: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  // alt again for the linter: it keeps its place among the given attributes.
  return <img {...props} alt={props.alt} loading="lazy" decoding="async" />;
}

/** An icon by name: an unknown name does not compile, so there is nothing to fall back to. */
export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  if (isFile(name)) {
    return <LazyImage src={`/images/icons/${name}.svg`} alt="" width={size} height={size} />;
  }
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
