import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { Header } from "./Header.tsx";
import { Footer } from "../deferredSections.tsx";
import { ScrollToTopWhenScrolled } from "./ScrollToTopWhenScrolled.tsx";
import { ToastHost } from "./ToastHost.tsx";
import { startReveal } from "../reveal.ts";
import { layOutSkippedSections } from "../layOutSkipped.ts";
import { useAnchorScroll } from "../hooks/useAnchorScroll.ts";

export function Layout() {
  const { pathname } = useLocation();
  useAnchorScroll();
  // Effects run only after hydration committed: tests and styles can rely on this mark.
  useEffect(() => {
    startReveal();
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // Each page's skipped sections get their real heights once it is live (client/layOutSkipped.ts).
  useEffect(() => layOutSkippedSections(), [pathname]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollToTopWhenScrolled />
      <ToastHost />
    </>
  );
}
