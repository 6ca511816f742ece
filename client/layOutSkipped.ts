// The browser skips the sections below the first screen until they come near the viewport
// (content-visibility, client/styles/deferred-rendering.css): the page loads with less work,
// but a skipped section holds only an estimated height. A jump (the End key, a dragged
// scrollbar, a script scrolling to an element) would land by those estimates and then drift
// as the sections around it are laid out. So once a page is live, each skipped section is laid
// out once, one per idle moment from the top: the browser then remembers its real height
// (contain-intrinsic-size: auto) and skips it again while it is off screen. When all are done,
// <html data-laid-out="true">. (docs/decisions/009)

const SKIPPABLE = ".below-fold, .site-footer";
/** Lays a section out as if it were on screen (deferred-rendering.css). */
const LAYING_OUT = "laying-out";

/** Sections laid out once already: their real height is known. */
const known = new WeakSet<Element>();
let running = false;
let again = false;

function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(task, { timeout: 1000 });
  else setTimeout(task, 50);
}

/**
 * Resolves after the next frame has been rendered, when the size it gave has been recorded. A
 * hidden tab renders no frames: the work waits until the page is seen again.
 */
function afterFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Called once the page is live, and again after each client-side navigation. */
export function layOutSkippedSections(): void {
  if (running) {
    again = true;
    return;
  }
  running = true;
  const root = document.documentElement;
  root.dataset.laidOut = "false";
  const sections = [...document.querySelectorAll<HTMLElement>(SKIPPABLE)].filter((section) => !known.has(section));
  const next = (index: number) => {
    const section = sections[index];
    if (!section) {
      running = false;
      if (again) {
        again = false;
        layOutSkippedSections();
      } else root.dataset.laidOut = "true";
      return;
    }
    section.classList.add(LAYING_OUT);
    void afterFrame().then(() => {
      section.classList.remove(LAYING_OUT);
      known.add(section);
      whenIdle(() => next(index + 1));
    });
  };
  whenIdle(() => next(0));
}
