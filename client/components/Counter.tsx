import { useEffect, useRef } from "react";
import { formatCompact } from "../formatCompact.ts";
import { useSeenOnce } from "../hooks/useInView.ts";
import { prefersReducedMotion } from "../motion.ts";

/** Share of the counter that must be on screen before it counts (docs/product.md section 4: 0.3 to 0.5). */
const COUNT_THRESHOLD = 0.4;

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

interface CounterProps {
  value: number;
  prefix?: string;
  suffix?: string;
  durationMs: number;
  className?: string;
}

/**
 * A figure in compact notation. The server renders the final figure, so it reads right without
 * JavaScript; in the browser it counts up from 0 once, when scrolled into view. The count writes
 * text through a ref (no re-render per frame) and is hidden from screen readers, which read the
 * final figure instead.
 */
export function Counter({ value, prefix = "", suffix = "", durationMs, className }: CounterProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const seen = useSeenOnce(ref, COUNT_THRESHOLD);
  const final = formatCompact(value, prefix, suffix);

  // Until it is seen, a counter that will count shows its starting figure.
  useEffect(() => {
    const element = ref.current;
    if (!element || prefersReducedMotion()) return;
    element.textContent = formatCompact(0, prefix, suffix);
    element.dataset.state = "waiting";
  }, [prefix, suffix]);

  useEffect(() => {
    const element = ref.current;
    if (!seen || !element || prefersReducedMotion()) return;
    let frame = 0;
    const start = performance.now();
    element.dataset.state = "counting";
    const tick = (now: number) => {
      const t = Math.min(1, (now - start) / durationMs);
      element.textContent = formatCompact(Math.round(value * easeOutCubic(t)), prefix, suffix);
      if (t < 1) frame = requestAnimationFrame(tick);
      else element.dataset.state = "done";
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      element.textContent = final;
    };
  }, [seen, value, prefix, suffix, durationMs, final]);

  return (
    <span className={className ? `counter ${className}` : "counter"}>
      <span ref={ref} className="counter__figure" aria-hidden="true">
        {final}
      </span>
      <span className="visually-hidden">{final}</span>
    </span>
  );
}
