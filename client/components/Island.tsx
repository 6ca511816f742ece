import { Suspense, useEffect, type ReactNode } from "react";

/** Islands hydrated so far, and how many the server's HTML holds (known once the shell hydrated). */
let hydrated = 0;
let expected: number | undefined;

/** <html data-hydrated="true"> once every island of the server's page is live: tests and styles rely on it. */
function markWhenAllHydrated(): void {
  if (expected !== undefined && hydrated >= expected) document.documentElement.dataset.hydrated = "true";
}

function IslandHydrated() {
  useEffect(() => {
    hydrated++;
    markWhenAllHydrated();
  }, []);
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

/**
 * Called once the shell (client/components/Layout.tsx) has hydrated: counts the islands in the
 * server's HTML (each Suspense boundary leaves a `<!--$-->` comment) and marks the page hydrated
 * when all of them are.
 */
export function countServerIslands(root: Node): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  let count = 0;
  while (walker.nextNode()) if ((walker.currentNode as Comment).data === "$") count++;
  expected = count;
  markWhenAllHydrated();
}
