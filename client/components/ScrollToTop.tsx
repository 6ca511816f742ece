import { useEffect, useState } from "react";
import { prefersReducedMotion } from "../motion.ts";
import { Icon } from "./Icon.tsx";

const RADIUS = 22;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * Whether the fixed ring sits over a form field or a line of text anywhere on the page (the
 * Contact form at a phone's width, the Let's Talk address at a tablet's): it steps aside until
 * the spot under it is clear. Samples a grid of points over the ring (12 px apart, finer than any
 * line of text) and asks, of each element under them, whether a text box of its own or a field
 * crosses the ring.
 */
function coversContent(ring: HTMLElement | null): boolean {
  if (!ring) return false;
  const r = ring.getBoundingClientRect();
  const under = new Set<Element>();
  for (let y = r.top + 2; y <= r.bottom - 2; y += 12)
    for (let x = r.left + 2; x <= r.right - 2; x += 12)
      for (const el of document.elementsFromPoint(x, y)) if (!ring.contains(el)) under.add(el);
  const crosses = (b: DOMRect) =>
    b.width > 1 && b.height > 1 && b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom;
  const range = document.createRange();
  for (const el of under) {
    if (el.matches("input, textarea, select") && crosses(el.getBoundingClientRect())) return true;
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) if (crosses(box)) return true;
    }
  }
  return false;
}

/** The scroll-to-top control: a ring that fills with the page's scroll progress. */
export function ScrollToTop() {
  const [progress, setProgress] = useState(0);
  const [overContent, setOverContent] = useState(false);

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const max = document.documentElement.scrollHeight - window.innerHeight;
      setProgress(max > 0 ? Math.min(1, window.scrollY / max) : 0);
      setOverContent(coversContent(document.querySelector<HTMLElement>(".scroll-top")));
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

  const visible = progress > 0.02 && !overContent;
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
