// Icons named by the `icon` field of the inner pages' data (about features, why-choose-us).
// Drawn on the same 24px stroke grid as Icon.tsx; an unknown name falls back to a spark so a
// data typo never breaks a page.
const paths: Record<string, string> = {
  briefcase: "M4 8h16v11H4zM9 8V5h6v3M4 13h16",
  cpu: "M7 7h10v10H7zM10 10h4v4h-4zM9 3v4M15 3v4M9 17v4M15 17v4M3 9h4M3 15h4M17 9h4M17 15h4",
  headset: "M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zM17 14h3v5h-3zM20 19a3 3 0 0 1-3 2h-3",
  robot: "M6 9h12v10H6zM12 9V5M12 5h.01M9.5 13h.01M14.5 13h.01M9.5 16h5M3 13v3M21 13v3",
  image: "M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01",
  chat: "M4 5h16v11H9l-5 4zM8 10h.01M12 10h.01M16 10h.01",
  award: "M12 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12zM8.5 14l-1.5 7 5-3 5 3-1.5-7",
  sliders: "M4 6h9M17 6h3M15 4v4M4 12h3M11 12h9M9 10v4M4 18h11M19 18h1M17 16v4",
  lightbulb: "M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z",
  "trending-up": "M3 17l6-6 4 4 8-8M15 7h6v6",
  spark: "M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5L18 18M6 18l2.5-2.5M15.5 8.5L18 6",
};

export function FeatureIcon({ name, size = 28 }: { name: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.7} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={paths[name] ?? paths.spark} />
    </svg>
  );
}
