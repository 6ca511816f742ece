import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { timings } from "../../shared/site.ts";
import { prefersReducedMotion } from "../motion.ts";

/**
 * docs/product.md section 2: after navigating to a link with an in-page anchor, smooth-scroll to it 100 ms later
 * (the page chunk may still be rendering). Other navigations start at the top of the page.
 */
export function useAnchorScroll(): void {
  const { pathname, hash, key } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    // The first render is the server's page: the browser already placed it (and its #hash).
    if (first.current) {
      first.current = false;
      return;
    }
    if (!hash) {
      window.scrollTo({ top: 0, behavior: "instant" });
      return;
    }
    const timer = window.setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (!target) return;
      // Sections the browser has not laid out yet only hold an estimated height: lay them all
      // out first, so the scroll lands on the anchor (docs/decisions/009).
      document.documentElement.classList.add("lay-out-all");
      target.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }, timings.anchorScrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [pathname, hash, key]);
}
