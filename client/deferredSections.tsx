import { hydrateNearViewport } from "./hydrateNearViewport.tsx";

// Sections that have nothing to do before they are seen (no buttons, tabs or counters: a key
// pressed in a section whose code has not arrived would be lost): their code loads when they
// come near the viewport (client/hydrateNearViewport.tsx). Same names as the components, so a page only
// changes where it imports them from. Home's sections are in deferredHomeSections.tsx.

export const Footer = hydrateNearViewport("lets-talk-title", () =>
  import("./components/Footer.tsx").then((m) => m.Footer),
);
export const WhyChooseUs = hydrateNearViewport("whychooseus", () =>
  import("./components/WhyChooseUs.tsx").then((m) => m.WhyChooseUs),
);
