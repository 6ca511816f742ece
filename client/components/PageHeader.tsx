import { Link } from "react-router";
import type { PageMetaData } from "../../shared/meta/types.ts";
import { routeByPath } from "../../shared/site.ts";
import { HeaderMotif } from "./HeaderMotif.tsx";
import { HeaderPanel, type Panel } from "./HeaderPanel.tsx";
import { CardText, KeepWords } from "./KeepWords.tsx";
import { PageMeta } from "./PageMeta.tsx";
import { useAppConfig } from "../AppConfig.tsx";

/**
 * Breadcrumb, the page's one h1 and its lead, beside a window of the product showing the page's
 * own screen (HeaderPanel), both inside the container's margins. A document (the legal pages) centres them over its reading column
 * instead, its drawing a small seal on the centre line above the breadcrumb, at every width.
 * Its BreadcrumbList for search engines is written by the server (client/structuredData.ts).
 */
export function PageHeader({
  meta,
  document = false,
  panel,
}: {
  /** The page's title and description (shared/meta/): its <head> (PageMeta) and its lead. */
  meta: PageMetaData;
  document?: boolean;
  /** The page's own window of the product; a document (the legal pages) has its seal instead. */
  panel?: Panel;
}) {
  const route = routeByPath(meta.path);
  if (!route) throw new Error(`${meta.path} is not in the route table`);
  const title = route.label;
  const { siteUrl } = useAppConfig();
  return (
    <>
      <PageMeta meta={meta} />
      <section
        className={
          document ? "page-header page-header--document" : panel ? "page-header page-header--panel" : "page-header"
        }
      >
        <div className="container page-header__inner">
          {panel ? (
            <HeaderPanel id={route.id} panel={panel} />
          ) : (
            (route.id === "privacy" || route.id === "terms") && <HeaderMotif route={route.id} />
          )}
          <div className="page-header__text">
            <nav aria-label="Breadcrumb" className="breadcrumb">
              <ol>
                <li>
                  {/* A document prints its links' addresses after them (client/styles/print.css). */}
                  <Link to="/" data-url={document ? new URL("/", siteUrl).href : undefined}>
                    Home
                  </Link>
                </li>
                <li aria-current="page">{title}</li>
              </ol>
            </nav>
            <h1 className="page-header__title">
              <KeepWords text={title} />
            </h1>
            <CardText className="page-header__lead" text={meta.description} />
          </div>
        </div>
      </section>
    </>
  );
}
