import { useEffect, useState, type RefObject } from "react";

/**
 * True once the element has been at least `threshold` visible (stays true: "seen once").
 * False on the server and in the first browser render, so hydration matches.
 */
export function useSeenOnce(ref: RefObject<Element | null>, threshold = 0.3, rootMargin = "0px"): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          setSeen(true);
        }
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, threshold, rootMargin]);
  return seen;
}
