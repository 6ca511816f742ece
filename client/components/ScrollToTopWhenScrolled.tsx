import { lazy, Suspense, useEffect, useState } from "react";

const ScrollToTop = lazy(() => import("./ScrollToTop.tsx").then((m) => ({ default: m.ScrollToTop })));

/**
 * The scroll-to-top control shows only once the page has been scrolled, and does nothing
 * without JavaScript: the server renders none (so the first screen has no rules for it,
 * scripts/lib/usedCss.ts), and its code loads at the page's first scroll.
 */
export function ScrollToTopWhenScrolled() {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled) return;
    const onScroll = () => setScrolled(true);
    // A page reloaded half way down is scrolled already.
    const frame = requestAnimationFrame(() => window.scrollY > 0 && onScroll());
    window.addEventListener("scroll", onScroll, { passive: true, once: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
    };
  }, [scrolled]);
  return scrolled ? (
    <Suspense fallback={null}>
      <ScrollToTop />
    </Suspense>
  ) : null;
}
