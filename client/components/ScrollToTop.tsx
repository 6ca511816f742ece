import { useEffect, useState } from "react";
import { prefersReducedMotion } from "../motion.ts";
import { Icon } from "./Icon.tsx";

const RADIUS = 22;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Whether the fixed ring sits over a form field (the Contact form at a phone's width): it steps aside. */
function coversAField(ring: HTMLElement | null): boolean {
  if (!ring) return false;
  const r = ring.getBoundingClientRect();
  for (const field of document.querySelectorAll("main input, main textarea, main select")) {
    const f = field.getBoundingClientRect();
    if (f.width > 4 && f.height > 4 && f.left < r.right && r.left < f.right && f.top < r.bottom && r.top < f.bottom)
      return true;
  }
  return false;
}

/** The scroll-to-top control: a ring that fills with the page's scroll progress. */
export function ScrollToTop() {
  const [progress, setProgress] = useState(0);
  const [overField, setOverField] = useState(false);

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const max = document.documentElement.scrollHeight - window.innerHeight;
      setProgress(max > 0 ? Math.min(1, window.scrollY / max) : 0);
      setOverField(coversAField(document.querySelector<HTMLElement>(".scroll-top")));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, []);

  const visible = progress > 0.02 && !overField;
  return (
    <button
      type="button"
      className="scroll-top"
      data-visible={visible || undefined}
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" })}
    >
      <svg className="scroll-top__ring" width="52" height="52" viewBox="0 0 52 52" aria-hidden="true" focusable="false">
        <circle cx="26" cy="26" r={RADIUS} className="scroll-top__track" />
        <circle
          cx="26"
          cy="26"
          r={RADIUS}
          className="scroll-top__progress"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - progress)}
        />
      </svg>
      <Icon name="arrowUp" size={18} />
    </button>
  );
}
