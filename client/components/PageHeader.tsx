import { Link } from "react-router";
import type { ReactNode } from "react";

/** Breadcrumb and the page's one h1, shared by every inner page. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page-header">
      <div className="container">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
        <h1 className="page-header__title">{title}</h1>
        {children && <p className="page-header__lead">{children}</p>}
      </div>
    </section>
  );
}
