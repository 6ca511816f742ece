import { timings } from "../shared/site.ts";
import { prefersReducedMotion } from "./motion.ts";

// Scroll-in animations (docs/product.md section 9: 1000 ms, once, 200 px offset). The hidden start state exists only
// under html.js, which is set after hydration: before that, and without JavaScript, everything
// is visible. Elements already on screen at that moment are shown at once, never hidden.

let observer: IntersectionObserver | undefined;
let started = false;
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

/**
 * Called once after hydration: reveals what is on screen, then arms the rest. Where each element
 * is comes from one IntersectionObserver report, not from reading positions: a position read
 * inside a section the browser is still skipping (content-visibility, docs/decisions/009) would
 * make it style and lay that section out at once, in one long task.
 */
export function startReveal(): void {
  started = true;
  const elements = [...document.querySelectorAll(".reveal")];
  const root = document.documentElement;
  if (prefersReducedMotion() || elements.length === 0) {
    elements.forEach((el) => el.classList.add(VISIBLE));
    root.classList.add("js");
    return;
  }
  // The first report covers every element observed here; the hidden start state (html.js)
  // applies only once those on screen are marked visible, so none of them blinks.
  const first = new IntersectionObserver((entries) => {
    first.disconnect();
    for (const entry of entries) {
      if (entry.isIntersecting) show(entry.target);
      else getObserver().observe(entry.target);
    }
    root.classList.add("js");
  });
  elements.forEach((el) => first.observe(el));
}

/** Registers an element rendered after start-up (client-side navigation). */
export function observeReveal(element: Element): () => void {
  if (!started) return () => {};
  if (prefersReducedMotion()) {
    element.classList.add(VISIBLE);
    return () => {};
  }
  getObserver().observe(element);
  return () => observer?.unobserve(element);
}
