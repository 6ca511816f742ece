import { hydrateNearViewport } from "./hydrateNearViewport.tsx";

// Home's sections below the hero: their code loads when they come near the viewport
// (client/hydrateNearViewport.tsx). Same names as the components. First those with nothing
// to do but links and reveals.

export const AboutSection = hydrateNearViewport("about-title", () =>
  import("./components/home/AboutSection.tsx").then((m) => m.AboutSection),
);
export const CatalogIntro = hydrateNearViewport("catalog-title", () =>
  import("./components/home/CatalogIntro.tsx").then((m) => m.CatalogIntro),
);
export const ServiceCards = hydrateNearViewport("service-cards-title", () =>
  import("./components/home/ServiceCards.tsx").then((m) => m.ServiceCards),
);
export const SecuritySection = hydrateNearViewport("security", () =>
  import("./components/home/SecuritySection.tsx").then((m) => m.SecuritySection),
);
export const FutureScope = hydrateNearViewport("futurescope", () =>
  import("./components/home/FutureScope.tsx").then((m) => m.FutureScope),
);
export const CaseStudies = hydrateNearViewport("project-sec", () =>
  import("./components/home/CaseStudies.tsx").then((m) => m.CaseStudies),
);
export const ExpertTeam = hydrateNearViewport("ourprofessionals", () =>
  import("./components/home/ExpertTeam.tsx").then((m) => m.ExpertTeam),
);
export const BlogTeasers = hydrateNearViewport("blog-title", () =>
  import("./components/home/BlogTeasers.tsx").then((m) => m.BlogTeasers),
);
export const ConsultingCta = hydrateNearViewport("contact-sec", () =>
  import("./components/home/ConsultingCta.tsx").then((m) => m.ConsultingCta),
);

// Carousels start themselves once seen (they load swiper), and a button pressed before their
// code has arrived is pressed again once it has: hydrating them near the viewport changes
// nothing a visitor can notice. (Hover and focus highlights of the services list simply start
// with the next hover.) The counters and particles stay with the page: they arm themselves at
// hydration.
export const ServicesSection = hydrateNearViewport("service-sec", () =>
  import("./components/home/ServicesSection.tsx").then((m) => m.ServicesSection),
);
export const TestimonialsSlider = hydrateNearViewport("ourclient", () =>
  import("./components/home/TestimonialsSlider.tsx").then((m) => m.TestimonialsSlider),
);
export const ArticlesSection = hydrateNearViewport("articles", () =>
  import("./components/home/ArticlesSection.tsx").then((m) => m.ArticlesSection),
);
