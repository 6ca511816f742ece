import { Link } from "react-router";
import { brandName } from "../../shared/site.ts";

export function NotFoundPage() {
  return (
    <>
      <title>{`Page not found | ${brandName}`}</title>
      <meta name="robots" content="noindex" />
      <section className="status-page">
        <div className="container">
          <p className="status-page__code" aria-hidden="true">
            404
          </p>
          <h1>Page not found</h1>
          <p>The page you asked for does not exist or has moved.</p>
          <Link className="button button--primary" to="/">
            Back to the home page
          </Link>
        </div>
      </section>
    </>
  );
}
