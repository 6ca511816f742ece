import { Link } from "react-router";
import { agentCategories } from "../../../shared/data/agentCategories.ts";
import { routeById } from "../../../shared/site.ts";
import { KeepWords } from "../KeepWords.tsx";

/**
 * A full-bleed strip under the hero, where a template would put partner logos: the nine agent
 * categories the catalog holds, each a way into the Category page. Two columns on phones.
 */
export function CategoryStrip() {
  return (
    <nav className="category-strip" aria-label="Agent categories in the catalog">
      <div className="container category-strip__inner">
        <p className="category-strip__label">Nine kinds of agents, one catalog</p>
        <ul className="category-strip__list">
          {agentCategories.map((category) => (
            <li key={category}>
              <Link className="category-strip__item" to={routeById("category").path}>
                <span className="category-strip__dot" aria-hidden="true" />
                <span>
                  <KeepWords text={category} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
