import { useEffect, useRef } from "react";
import { particleCount } from "../../shared/site.ts";
import { prefersReducedMotion } from "../motion.ts";

/**
 * Decorative field of drifting particles behind a section (aria-hidden). The drawing code loads
 * only when the canvas nears the viewport, nothing is drawn before it has been on screen, it
 * pauses off screen and while the tab is hidden, and stays empty with prefers-reduced-motion.
 * `data-state`: off, idle, running or paused.
 */
export function ParticlesCanvas({ className }: { className?: string }) {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    if (prefersReducedMotion()) {
      canvas.dataset.state = "off";
      return;
    }
    canvas.dataset.state = "idle";
    let stop: (() => void) | undefined;
    let cancelled = false;
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        near.disconnect();
        void import("../particles.ts").then(({ startParticles }) => {
          if (!cancelled) stop = startParticles(canvas, particleCount);
        });
      },
      { rootMargin: "400px 0px" },
    );
    near.observe(canvas);
    return () => {
      cancelled = true;
      near.disconnect();
      stop?.();
    };
  }, []);

  return <canvas ref={ref} className={className ? `particles ${className}` : "particles"} aria-hidden="true" />;
}
