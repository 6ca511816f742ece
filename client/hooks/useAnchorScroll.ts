import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { timings } from "../../shared/site.ts";
import { prefersReducedMotion } from "../motion.ts";

/**
 * The one place that scrolls to anchors (docs/product.md section 2): after a client-side
 * navigation to a link with an #anchor, smooth-scroll to it 100 ms later; any other navigation
 * starts at the top of the page. Every part of a page renders with it (no code is waited for,
 * client/hydrate.tsx), so the target is there. A page loaded at an #anchor was placed there by
 * the browser, which keeps it in place while the rest of the stylesheet applies (scroll anchoring).
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
      let target: HTMLElement | null = null;
      try {
        target = document.getElementById(decodeURIComponent(hash.slice(1)));
      } catch {
        return; // A malformed escape names no element.
      }
      if (!target) return;
      target.scrollIntoView({ behavior: prefersReducedMotion() ? "instant" : "smooth", block: "start" });
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }, timings.anchorScrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [pathname, hash, key]);
}
