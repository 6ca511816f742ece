import { Suspense, useEffect, type ReactNode } from "react";

// Islands hydrated so far, and how many the server's HTML holds (known once the shell hydrated):
// <html data-hydrated="true"> once every one is live. Tests and styles rely on it.
let hydrated = 0;
let expected: number | undefined;

function markWhenAllHydrated(): void {
  if (expected !== undefined && hydrated >= expected) document.documentElement.dataset.hydrated = "true";
}

function IslandHydrated() {
  useEffect(() => void (hydrated++, markWhenAllHydrated()), []);
  return null;
}

/**
 * A part of the page React hydrates on its own (a Suspense boundary around server HTML that never
 * suspends: all code is loaded before hydration, client/hydrate.tsx). React hydrates islands in
 * slices, the one a visitor taps first, and replays that tap itself. The fallback never shows.
 */
export function Island({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      {children}
      <IslandHydrated />
    </Suspense>
  );
}

/** Once the shell (Layout) has hydrated: counts the server's islands (each left a `<!--$-->`). */
export function countServerIslands(root: Node): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  let count = 0;
  while (walker.nextNode()) if ((walker.currentNode as Comment).data === "$") count++;
  expected = count;
  markWhenAllHydrated();
}
