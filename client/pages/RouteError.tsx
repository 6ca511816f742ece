import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { brandName } from "../../shared/site.ts";

/** Last-resort boundary: a page that failed to render still gets a readable page. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page not found" : "Something went wrong";
  return (
    <main id="main" className="status-page">
      <title>{`${title} | ${brandName}`}</title>
      <div className="container">
        <h1>{title}</h1>
        <p>
          {notFound ? "The page you asked for does not exist." : "Please reload the page or try again in a moment."}
        </p>
        <Link className="button button--primary" to="/">
          Back to the home page
        </Link>
      </div>
    </main>
  );
}
