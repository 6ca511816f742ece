import { hero } from "../../../shared/data/home.ts";
import { useAppConfig } from "../../AppConfig.tsx";
import { Icon } from "../Icon.tsx";

/**
 * The title's four verbs as the four stubs of one agent's ticket: what each way of acquiring it
 * costs, and what comes with it. The prices are the catalog's, as the blog's guide to the models
 * draws them.
 */
const ways = [
  { verb: "Buy", price: "2,400", unit: "USDC once", note: "Yours to keep and host" },
  { verb: "Lease", price: "180", unit: "USDC a month", note: "Support and updates" },
  { verb: "Rent", price: "12", unit: "USDC a task", note: "No contract" },
  { verb: "Use", price: "0.40", unit: "USDC an hour", note: "As a service, hosted" },
] as const;
const CHOSEN = "Lease";

/**
 * The page's h1 and LCP, never hidden at load. Under it the hero's picture, one idea the title
 * names: an agent's ticket, torn into its four ways to acquire it, stamped by the metaverse test
 * it passed (home.css). Built as page UI, not a picture: set in the site's faces, crisp at every
 * width, no request before the first paint. (Rounds 17-52: a listing over a test room's chart,
 * with a lease flow under both, read as a collage of widgets, not one moment.) A picture of the
 * product, not a control: hidden from assistive technology.
 */
export function Hero() {
  const { mainSiteUrl } = useAppConfig();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div className="hero__copy">
          <span className="eyebrow hero__eyebrow">{hero.eyebrow}</span>
          <h1 id="hero-title" className="hero__title">
            {hero.title}
          </h1>
          <p className="hero__text">{hero.text}</p>
          <div className="hero__actions">
            <a className="button button--primary" href={mainSiteUrl} target="_blank" rel="noopener noreferrer">
              Get Started
              <Icon name="arrowRight" size={18} />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            <a className="button button--ghost" href="#service-sec">
              Explore Services
            </a>
          </div>
        </div>
        <div className="hero__art agent-ticket" aria-hidden="true">
          <div className="agent-ticket__agent">
            <span className="agent-ticket__mark" />
            <span className="agent-ticket__tag">Autonomous Agents</span>
            <span className="agent-ticket__name">Vault DeFi Rebalancer</span>
            <span className="agent-ticket__rating">
              <span className="agent-ticket__stars" /> <b>4.9</b> <span>1,284 reviews</span>
            </span>
            <span className="agent-ticket__stamp" />
          </div>
          <ul className="agent-ticket__ways">
            {ways.map((way) => (
              <li key={way.verb} className={way.verb === CHOSEN ? "is-chosen" : undefined}>
                <span className="agent-ticket__verb">{way.verb}</span>
                <span className="agent-ticket__price">
                  <b>{way.price}</b> {way.unit}
                </span>
                <span className="agent-ticket__note">{way.note}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
