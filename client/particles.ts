// The particle field's drawing loop, loaded on demand by ParticlesCanvas once its section
// is near: nothing of it is in the first-load bytes.

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
  hue: 0 | 1;
  phase: number;
}

function createParticles(count: number): Particle[] {
  return Array.from({ length: count }, () => ({
    x: Math.random(),
    y: Math.random(),
    vx: (Math.random() - 0.5) * 0.00012,
    vy: (Math.random() - 0.5) * 0.00012 - 0.00004,
    r: 0.5 + Math.random() * 1.4,
    hue: Math.random() < 0.6 ? 0 : 1,
    phase: Math.random() * Math.PI * 2,
  }));
}

/**
 * Runs `count` drifting particles on the canvas while it is on screen and the tab is visible.
 * The backing store follows devicePixelRatio. `data-state` (running, paused) and
 * `data-particles` tell tests and styles what it does. Returns a stop function.
 */
export function startParticles(canvas: HTMLCanvasElement, count: number): () => void {
  const context = canvas.getContext("2d");
  if (!context) return () => {};
  // The two accents of the band the canvas sits on (client/styles/tokens.css re-inks them per
  // ground: the signal lime on ink, an olive on paper, where lime would not show).
  const style = getComputedStyle(canvas);
  const colors = [style.getPropertyValue("--accent").trim(), style.getPropertyValue("--accent-2").trim()] as const;
  let particles: Particle[] | null = null;
  let frame = 0;
  let onScreen = false;
  let width = 0;
  let height = 0;

  const resize = () => {
    const dpr = window.devicePixelRatio || 1;
    width = canvas.clientWidth;
    height = canvas.clientHeight;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    context.setTransform(dpr, 0, 0, dpr, 0, 0);
  };

  const draw = (now: number) => {
    context.clearRect(0, 0, width, height);
    for (const p of particles!) {
      p.x = (p.x + p.vx + 1) % 1;
      p.y = (p.y + p.vy + 1) % 1;
      const alpha = 0.35 + 0.45 * Math.sin(now / 900 + p.phase) ** 2;
      context.globalAlpha = alpha;
      context.fillStyle = colors[p.hue];
      context.beginPath();
      context.arc(p.x * width, p.y * height, p.r, 0, Math.PI * 2);
      context.fill();
    }
    frame = requestAnimationFrame(draw);
  };

  const update = () => {
    const run = onScreen && document.visibilityState === "visible";
    if (run && !frame) {
      // Allocated and sized only once the canvas has actually been on screen.
      if (!particles) {
        particles = createParticles(count);
        canvas.dataset.particles = String(particles.length);
        resize();
      }
      canvas.dataset.state = "running";
      frame = requestAnimationFrame(draw);
    } else if (!run && frame) {
      cancelAnimationFrame(frame);
      frame = 0;
      canvas.dataset.state = "paused";
    }
  };

  const visibility = new IntersectionObserver((entries) => {
    onScreen = entries.some((e) => e.isIntersecting);
    update();
  });
  visibility.observe(canvas);
  const sizes = new ResizeObserver(() => particles && resize());
  sizes.observe(canvas);
  document.addEventListener("visibilitychange", update);
  return () => {
    visibility.disconnect();
    sizes.disconnect();
    document.removeEventListener("visibilitychange", update);
    cancelAnimationFrame(frame);
    frame = 0;
  };
}
