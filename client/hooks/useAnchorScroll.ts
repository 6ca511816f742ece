import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { timings } from "../../shared/site.ts";
import { scrollToAnchor } from "../anchor.ts";

/**
 * After a client-side navigation to a link with an #anchor, smooth-scroll to it 100 ms later
 * (docs/product.md section 2); any other navigation starts at the top of the page. Every part of
 * a page renders with it (no code is waited for, client/hydrate.tsx), so the target is there.
 */
export function useAnchorScroll(): void {
  const { pathname, hash, key } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    // The first render is the server's page: the browser placed it (client/anchor.ts for #anchors).
    if (first.current) {
      first.current = false;
      return;
    }
    if (!hash) {
      window.scrollTo({ top: 0, behavior: "instant" });
      return;
    }
    const scroll = () => scrollToAnchor(hash, { smooth: true, focus: true });
    const timer = window.setTimeout(scroll, timings.anchorScrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [pathname, hash, key]);
}
