import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { brandName, siteRoutes } from "../../shared/site.ts";
import { useAppConfig } from "../AppConfig.tsx";
import { Icon } from "./Icon.tsx";
import { Logo } from "./Logo.tsx";
import { SchemeSwitch } from "./SchemeSwitch.tsx";

const menu = siteRoutes.filter((r) => r.inMenu);
/** One header per page: a fixed id, the same on the server and in the browser (client/domId.ts). */
const MENU_ID = "main-menu";

/** Hides the menu when it is open as a popover (on wide screens it is a plain inline nav). */
function hideMenu(nav: HTMLElement | null): void {
  if (nav?.matches(":popover-open")) nav.hidePopover();
}

/**
 * The header. On phones the menu is a native popover: the bars button opens it and the close
 * button, Escape or a tap outside close it, with or without React (the browser does it, from the
 * first paint). React adds what the browser does not: aria-expanded on the buttons, closing on
 * a client-side navigation, and keeping Tab inside the open menu.
 */
export function Header() {
  const { mainSiteUrl } = useAppConfig();
  // Unknown until hydrated (the server cannot know, and a tap may have opened it before).
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const element = nav.current;
    if (!element) return;
    const sync = () => setOpen(element.matches(":popover-open"));
    sync();
    element.addEventListener("toggle", sync);
    return () => element.removeEventListener("toggle", sync);
  }, []);

  // Any navigation (a link in the menu, back/forward) closes the menu; hydrating is none, and
  // keeps a menu opened before it.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    hideMenu(nav.current);
  }, [pathname]);

  useEffect(() => {
    const element = nav.current;
    if (!open || !element) return;
    element.querySelector<HTMLElement>(".main-nav__close")?.focus();
    // The open menu covers the page: Tab and Shift+Tab go round inside it, not behind it.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const items = [...element.querySelectorAll<HTMLElement>("a[href], button")];
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to="/" className="site-header__logo" aria-label={`${brandName} home`}>
          <Logo />
        </Link>
        <nav ref={nav} aria-label="Main" className="main-nav" id={MENU_ID} popover="auto">
          <button
            type="button"
            className="icon-button main-nav__close"
            aria-label="Close menu"
            aria-expanded={open}
            popoverTarget={MENU_ID}
            popoverTargetAction="hide"
          >
            <Icon name="close" size={22} />
          </button>
          <ul className="main-nav__list">
            {menu.map((route) => (
              <li key={route.id}>
                <NavLink to={route.path} end className="main-nav__link" onClick={() => hideMenu(nav.current)}>
                  {route.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <a
            className="button button--primary main-nav__cta-mobile"
            href={mainSiteUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            Get Started Now
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </nav>
        <div className="site-header__actions">
          <SchemeSwitch />
          <a
            className="button button--primary site-header__cta"
            href={mainSiteUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            Get Started Now
            <span className="visually-hidden"> (opens in a new tab)</span>
            <Icon name="arrowRight" size={18} />
          </a>
          <button
            type="button"
            className="icon-button site-header__bars"
            aria-label="Open menu"
            aria-expanded={open}
            popoverTarget={MENU_ID}
            popoverTargetAction="show"
          >
            <Icon name="bars" size={24} />
          </button>
        </div>
      </div>
    </header>
  );
}
