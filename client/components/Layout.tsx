import { useEffect } from "react";
import { Outlet } from "react-router";
import { Header } from "./Header.tsx";
import { Footer } from "./Footer.tsx";
import { countServerIslands, Island } from "./Island.tsx";
import { ScrollToTopWhenScrolled } from "./ScrollToTopWhenScrolled.tsx";
import { ToastHost } from "./ToastHost.tsx";
import { startReveal } from "../reveal.ts";
import { useAnchorScroll } from "../hooks/useAnchorScroll.ts";

export function Layout() {
  useAnchorScroll();
  // Effects run only after hydration committed; the islands inside may still be hydrating.
  useEffect(() => {
    startReveal();
    countServerIslands(document.getElementById("root")!);
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Island>
        <Header />
      </Island>
      <main id="main" tabIndex={-1}>
        <Island>
          <Outlet />
        </Island>
      </main>
      <Island>
        <Footer />
      </Island>
      <ScrollToTopWhenScrolled />
      <ToastHost />
    </>
  );
}
