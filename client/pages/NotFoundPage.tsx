import { Link, useLocation } from "react-router";
import { brandName, siteRoutes } from "../../shared/site.ts";
import { suggestRoute } from "../../shared/suggest.ts";

/**
 * The not-found page wears the inner pages' signature header (the grid band, the display title,
 * the signal step on its edge), centred like a document's, with no breadcrumb (a path to a page
 * that is not there sat between the drawing and the code as a third label, round 48), its drawing
 * the catalog's tiles with one missing (drawn here, not in HeaderMotif: this page ships in the
 * entry bundle, the inner pages' drawings do not). It stays a helpful page: what happened, the
 * page the path most likely meant (shared/suggest.ts), the way home and every page of the route
 * table. The server keeps one copy per suggestion and picks it for each unknown URL
 * (server/renderCache.ts), so the suggestion is in the HTML before any script, and this render
 * agrees with it when it hydrates.
 */
export function NotFoundPage() {
  const suggestion = suggestRoute(useLocation().pathname);
  return (
    <>
      <title>{`Page not found | ${brandName}`}</title>
      <meta name="robots" content="noindex" />
      <section className="page-header page-header--document status-page not-found">
        <div className="container page-header__inner">
          <svg className="page-header__motif" viewBox="0 0 240 170" aria-hidden="true" focusable="false">
            <rect x="30" y="24" width="52" height="52" rx="10" />
            <rect x="94" y="24" width="52" height="52" rx="10" />
            <rect x="158" y="24" width="52" height="52" rx="10" />
            <rect x="30" y="88" width="52" height="52" rx="10" />
            <rect x="94" y="88" width="52" height="52" rx="10" className="motif__accent motif__dash" />
            <rect x="158" y="88" width="52" height="52" rx="10" />
            <path d="m112 106 16 16m0-16-16 16" className="motif__accent" />
          </svg>
          <p className="status-page__code" aria-hidden="true">
            404
          </p>
          <h1>Page not found</h1>
          <p className="page-header__lead not-found__text">
            The page you asked for does not exist or has moved.{" "}
            <span>It may have been renamed, or the link may be mistyped.</span>
          </p>
          {suggestion && (
            <p className="page-header__lead not-found__suggestion">
              Did you mean <Link to={suggestion.path}>{suggestion.label}</Link>?
            </p>
          )}
          <Link className="button button--primary" to="/">
            Back to the home page
          </Link>
          <nav className="not-found__links" aria-label="Every page">
            <p>Or choose a page:</p>
            <ul>
              {siteRoutes.map((route) => (
                <li key={route.id}>
                  <Link to={route.path}>{route.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>
    </>
  );
}
