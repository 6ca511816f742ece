import { timings } from "../shared/site.ts";
import { prefersReducedMotion } from "./motion.ts";

// Scroll-in animations (docs/product.md section 9: 1000 ms, once, 200 px offset). The hidden start state exists only
// under html.js, which is set after hydration: before that, and without JavaScript, everything
// is visible. Elements already on screen at that moment are shown at once, never hidden.

let observer: IntersectionObserver | undefined;
const VISIBLE = "is-visible";

function show(element: Element): void {
  element.classList.add(VISIBLE);
  observer?.unobserve(element);
}

function getObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => entries.forEach((entry) => entry.isIntersecting && show(entry.target)),
    // The element must be 200 px inside the viewport before it animates in.
    { rootMargin: `0px 0px -${timings.revealOffsetPx}px 0px` },
  );
  return observer;
}

/** Whether an element is on screen now. */
function onScreen(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  return rect.top < window.innerHeight && rect.bottom > 0;
}

/** Called once after hydration: reveals what is on screen, then arms the rest. */
export function startReveal(): void {
  const elements = [...document.querySelectorAll(".reveal")];
  if (prefersReducedMotion()) {
    elements.forEach((el) => el.classList.add(VISIBLE));
    document.documentElement.classList.add("js");
    return;
  }
  // Every position is read before any class is written: reads between writes would make the
  // browser redo style and layout once per element (40 ms on the home page on a slow phone).
  const shown = elements.map(onScreen);
  elements.forEach((el, i) => (shown[i] ? el.classList.add(VISIBLE) : getObserver().observe(el)));
  document.documentElement.classList.add("js");
}

/** Registers an element rendered after start-up (client-side navigation). */
export function observeReveal(element: Element): () => void {
  if (!document.documentElement.classList.contains("js")) return () => {};
  if (prefersReducedMotion()) {
    element.classList.add(VISIBLE);
    return () => {};
  }
  getObserver().observe(element);
  return () => observer?.unobserve(element);
}
