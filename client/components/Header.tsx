import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { brandName, siteRoutes } from "../../shared/site.ts";
import { useAppConfig } from "../AppConfig.tsx";
import { Icon } from "./Icon.tsx";
import { Logo } from "./Logo.tsx";

const menu = siteRoutes.filter((r) => r.inMenu);

export function Header() {
  const { mainSiteUrl } = useAppConfig();
  const [open, setOpen] = useState(false);
  // One header per page: a fixed id, the same on the server and in the browser (client/domId.ts).
  const menuId = "main-menu";
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // Choosing a link closes the menu; so does any navigation (back/forward included).
  useEffect(() => setOpen(false), [pathname]); // eslint-disable-line react-hooks/set-state-in-effect -- a reaction to the router (an external system), not state derived from props

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        openButton.current?.focus();
      }
      // The open menu covers the page: Tab and Shift+Tab go round inside it, not behind it.
      if (event.key === "Tab" && nav.current) {
        const items = [...nav.current.querySelectorAll<HTMLElement>("a[href], button")];
        const first = items[0];
        const last = items[items.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    // Widened past the phone layout (rotation, a resized window): the drawer is gone, so is "open".
    const wide = window.matchMedia("(min-width: 992px)");
    const onWide = () => wide.matches && setOpen(false);
    wide.addEventListener("change", onWide);
    return () => {
      document.removeEventListener("keydown", onKey);
      wide.removeEventListener("change", onWide);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    openButton.current?.focus();
  };

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to="/" className="site-header__logo" aria-label={`${brandName} home`}>
          <Logo place="header" />
        </Link>
        <nav ref={nav} aria-label="Main" className="main-nav" id={menuId} data-open={open || undefined}>
          <button
            ref={closeButton}
            type="button"
            className="icon-button main-nav__close"
            aria-label="Close menu"
            aria-controls={menuId}
            aria-expanded={open}
            onClick={close}
          >
            <Icon name="close" size={22} />
          </button>
          <ul className="main-nav__list">
            {menu.map((route) => (
              <li key={route.id}>
                <NavLink to={route.path} end className="main-nav__link" onClick={() => setOpen(false)}>
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
            ref={openButton}
            type="button"
            className="icon-button site-header__bars"
            aria-label="Open menu"
            aria-controls={menuId}
            aria-expanded={open}
            onClick={() => setOpen(true)}
          >
            <Icon name="bars" size={24} />
          </button>
        </div>
      </div>
      {open && <div className="main-nav__backdrop" onClick={() => setOpen(false)} aria-hidden="true" />}
    </header>
  );
}
