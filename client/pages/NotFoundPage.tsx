import { Link } from "react-router";
import { brandName } from "../../shared/site.ts";
import { HeaderMotif } from "../components/HeaderMotif.tsx";

/**
 * The not-found page wears the inner pages' signature header (the grid band, the breadcrumb as a
 * path, the display title, the signal step on its edge), centred like a document's, its drawing
 * the catalog's tiles with one missing. It stays a helpful page: what happened and the way home.
 */
export function NotFoundPage() {
  return (
    <>
      <title>{`Page not found | ${brandName}`}</title>
      <meta name="robots" content="noindex" />
      <section className="page-header page-header--document not-found">
        <div className="container page-header__inner">
          <HeaderMotif route="not-found" />
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <ol>
              <li>
                <Link to="/">Home</Link>
              </li>
              <li aria-current="page">Page not found</li>
            </ol>
          </nav>
          <p className="status-page__code" aria-hidden="true">
            404
          </p>
          <h1 className="page-header__title">Page not found</h1>
          <p className="page-header__lead not-found__text">
            The page you asked for does not exist or has moved. It may have been renamed, or the link may be mistyped.
          </p>
          <Link className="button button--primary" to="/">
            Back to the home page
          </Link>
        </div>
      </section>
    </>
  );
}
