import { memo, Suspense, use, type ComponentType } from "react";

// Progressive hydration for sections with nothing to do before they are seen (text, images,
// links, scroll-in reveals that client/reveal.ts already drives from the DOM). The server
// renders them as usual; in the browser their code is a separate chunk that loads when the
// section comes within NEAR_MARGIN of the viewport. Until then React keeps the server's HTML
// of the section as it is (a Suspense boundary not hydrated yet) and skips its work: less
// script before the page is idle and shorter hydration tasks.

/** How far below (or above) the viewport a section starts loading its code. */
const NEAR_MARGIN = "400px 0px";

/** Every deferred section's loader: the server resolves them all before rendering a page. */
const loaders: Array<() => Promise<unknown>> = [];

/** Sections still waiting to come near: woken all at once by hydrateDeferredSectionsNow. */
const waiting = new Set<() => void>();

/**
 * Loads the code of every section still waiting. Called when the router starts a navigation:
 * React cannot finish an update that reaches a section it has not hydrated yet, so a
 * client-side navigation must not wait for a section the visitor may never scroll to.
 */
export function hydrateDeferredSectionsNow(): void {
  for (const wake of [...waiting]) wake();
}

/** Server side: makes every deferred section render synchronously (see entry.server.tsx). */
export function loadDeferredSections(): Promise<unknown> {
  return Promise.all(loaders.map((load) => load()));
}

/** Pointer or keyboard reaching into the section also counts as near. */
const INTENT = ["pointerdown", "touchstart", "focusin"] as const;

/**
 * Resolves when the server-rendered section comes near the viewport or is reached for. A
 * button pressed before its code has arrived is pressed again once it has (`replay`).
 */
function nearViewport(anchor: Element): { near: Promise<void>; replay(): void } {
  const region = anchor.closest("section, footer") ?? anchor;
  const pressed: HTMLElement[] = [];
  const remember = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.("button");
    if (button && button.type !== "submit") pressed.push(button);
  };
  region.addEventListener("click", remember, true);
  const near = new Promise<void>((resolve) => {
    const done = () => {
      waiting.delete(done);
      observer.disconnect();
      for (const type of INTENT) region.removeEventListener(type, done, true);
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
      rootMargin: NEAR_MARGIN,
    });
    observer.observe(region);
    for (const type of INTENT) region.addEventListener(type, done, { capture: true, passive: true });
    waiting.add(done);
  });
  return {
    near,
    replay() {
      region.removeEventListener("click", remember, true);
      // After React has hydrated the section (it does so in the task after the code arrives).
      setTimeout(() => pressed.splice(0).forEach((button) => button.isConnected && button.click()), 50);
    },
  };
}

/**
 * @param anchorId the id of an element the section renders (its section or heading): while
 *   it is in the document, the section was server-rendered and waits to come near the
 *   viewport; otherwise (client-side navigation) its code loads at once.
 */
export function hydrateNearViewport<P extends object>(
  anchorId: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let Section: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  let ready: Promise<void> | undefined;
  const loadNow = () => (loading ??= load().then((component) => void (Section = component)));
  loaders.push(loadNow);

  function Deferred(props: P) {
    if (!Section) {
      const rendered = typeof document === "undefined" ? null : document.getElementById(anchorId);
      if (!ready && rendered) {
        const section = nearViewport(rendered);
        ready = section.near.then(loadNow).finally(() => section.replay());
      }
      ready ??= loadNow();
      use(ready);
    }
    const Loaded = Section!;
    return <Loaded {...props} />;
  }
  // Memoised: a parent re-rendering (the layout, on every navigation) must not push an update
  // into a section React has not hydrated yet.
  return memo(function NearViewport(props: P) {
    return (
      <Suspense fallback={null}>
        <Deferred {...props} />
      </Suspense>
    );
  });
}
