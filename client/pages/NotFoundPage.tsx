import { Link } from "react-router";
import { brandName } from "../../shared/site.ts";

export function NotFoundPage() {
  return (
    <>
      <title>{`Page not found | ${brandName}`}</title>
      <meta name="robots" content="noindex" />
      <section className="status-page not-found">
        <div className="container not-found__inner">
          <img
            className="not-found__art"
            src="/images/not-found.svg"
            alt=""
            width={360}
            height={240}
            decoding="async"
          />
          <p className="status-page__code" aria-hidden="true">
            404
          </p>
          <h1>Page not found</h1>
          <p className="not-found__text">
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
