import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { timings } from "../../shared/site.ts";
import { prefersReducedMotion } from "../motion.ts";

/** How long an anchor that is not rendered yet is waited for. */
const TARGET_WAIT_MS = 5000;

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
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return; // A malformed escape names no element.
    }
    let frame = 0;
    const scrollToTarget = (waitedUntil: number) => {
      const target = document.getElementById(id);
      if (!target) {
        // A section whose code was still arriving renders a moment later: look again each
        // frame for a while, rather than not scrolling at all.
        if (performance.now() < waitedUntil) frame = requestAnimationFrame(() => scrollToTarget(waitedUntil));
        return;
      }
      // Sections the browser has not laid out yet only hold an estimated height: lay them all
      // out first, so the scroll lands on the anchor (docs/decisions/009).
      document.documentElement.classList.add("lay-out-all");
      target.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    };
    const timer = window.setTimeout(
      () => scrollToTarget(performance.now() + TARGET_WAIT_MS),
      timings.anchorScrollDelayMs,
    );
    return () => {
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [pathname, hash, key]);
}
