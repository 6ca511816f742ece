import { Suspense, type ReactNode } from "react";

/**
 * A part of the page React hydrates on its own (a Suspense boundary around server HTML that never
 * suspends: all code is loaded before hydration, client/hydrate.tsx). React hydrates islands in
 * slices, the one a visitor taps first, and replays that tap itself. The fallback never shows.
 */
export function Island({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
