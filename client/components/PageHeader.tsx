import { Link } from "react-router";
import type { ReactNode } from "react";
import type { SiteRoute } from "../../shared/site.ts";
import { HeaderMotif } from "./HeaderMotif.tsx";
import { KeepWords } from "./KeepWords.tsx";

/** Breadcrumb, the page's one h1 and its lead, over a line drawing of the page's own. */
export function PageHeader({ route, children }: { route: SiteRoute; children?: ReactNode }) {
  const title = route.label;
  return (
    <section className="page-header">
      {route.id !== "home" && <HeaderMotif route={route.id} />}
      <div className="container">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
        <h1 className="page-header__title">
          <KeepWords text={title} />
        </h1>
        {children && <p className="page-header__lead">{children}</p>}
      </div>
    </section>
  );
}
