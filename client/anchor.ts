import { prefersReducedMotion } from "./motion.ts";

// The one place that scrolls to an #anchor (docs/product.md section 2): after a client-side
// navigation (client/hooks/useAnchorScroll.ts). A page loaded at an anchor is placed by the
// browser itself: every rule the page uses is in the page (server/assets.ts).

/**
 * Scrolls the anchor's element to the top of the view; with `focus`, keyboard focus moves there
 * too, so Tab goes on from it. False when the hash names no element (or is malformed).
 */
export function scrollToAnchor(hash: string, options: { smooth: boolean; focus: boolean }): boolean {
  let target: HTMLElement | null = null;
  try {
    target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  } catch {
    return false;
  }
  if (!target) return false;
  const smooth = options.smooth && !prefersReducedMotion();
  target.scrollIntoView({ behavior: smooth ? "smooth" : "instant", block: "start" });
  if (smooth) landWhenScrollEnds(target);
  if (options.focus) {
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }
  return true;
}

/** What a visitor does that takes the scroll over from us. */
export const TAKE_OVER = ["wheel", "touchstart", "pointerdown", "keydown"] as const;

/**
 * A smooth scroll aims where the target was when it started; a height above it can still change
 * on the way (an image or a late rule arriving). Once the scroll ends, land on the target itself,
 * unless the visitor took over meanwhile.
 */
function landWhenScrollEnds(target: HTMLElement): void {
  let tookOver = false;
  const takeOver = () => (tookOver = true);
  for (const type of TAKE_OVER) addEventListener(type, takeOver, { capture: true, passive: true });
  addEventListener(
    "scrollend",
    () => {
      for (const type of TAKE_OVER) removeEventListener(type, takeOver, { capture: true });
      if (!tookOver) target.scrollIntoView({ behavior: "instant", block: "start" });
    },
    { once: true },
  );
}
