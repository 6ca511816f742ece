import { Link } from "react-router";
import { agentCategories } from "../../../shared/data/agentCategories.ts";

/**
 * A full-bleed strip under the hero, where a template would put partner logos: the nine agent
 * categories the catalog holds, each a way into the Category page. One line to swipe on phones.
 */
export function CategoryStrip() {
  return (
    <nav className="category-strip" aria-label="Agent categories in the catalog">
      <div className="container category-strip__inner">
        <p className="category-strip__label">Nine kinds of agents, one catalog</p>
        <ul className="category-strip__list">
          {agentCategories.map((category) => (
            <li key={category}>
              <Link className="category-strip__item" to="/Category">
                <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
                  <path d="M7 1l5.2 3v6L7 13 1.8 10V4z" fill="none" stroke="currentColor" strokeWidth="1.6" />
                </svg>
                {category}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
