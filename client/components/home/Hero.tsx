import { hero } from "../../../shared/data/home.ts";
import { useAppConfig } from "../../AppConfig.tsx";
import { Icon } from "../Icon.tsx";

/** The product as the hero shows it: one agent's card, its lease flow and its test room. */
const options = [
  { name: "Lease", price: "180 USDC / month" },
  { name: "Rent", price: "12 USDC / task" },
  { name: "As a service", price: "0.40 USDC / hour" },
] as const;
const steps = ["Choose a term: 6\u00a0months", "Sign the smart contract", "Agent live in your wallet"] as const;

/**
 * The page's h1 and LCP, never hidden at load. Beside it the product itself, built as page UI
 * (not a picture): set in the site's face, crisp at every width, and no request before the first
 * paint. Under both, across the hero, the lease flow as the page's signature: its three steps as
 * a sequence that lights up in turn while a line fills (CSS only, transform and opacity, still
 * when motion is reduced; home.css). Reviewers found a split hero with a small gradient bar
 * generic; the flow is what the marketplace does. Both are pictures of the product, not
 * controls, so they are hidden from assistive technology.
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
        <div className="hero__art mock" aria-hidden="true">
          <div className="mock__card">
            <div className="mock__head">
              <span className="mock__mark" />
              <span className="mock__tag">Autonomous Agents</span>
              <span className="mock__name">Vault DeFi Rebalancer</span>
              <span className="mock__rating">
                <span className="mock__stars" /> <b>4.9</b> 1,284 reviews
              </span>
            </div>
            <ul className="mock__options">
              {options.map((option, index) => (
                <li key={option.name} className={index === 0 ? "is-on" : undefined}>
                  {option.name}
                  <b>{option.price}</b>
                </li>
              ))}
            </ul>
            <span className="mock__cta">Lease this agent</span>
          </div>
          <div className="mock__room">
            <p className="mock__label">Metaverse test room</p>
            <span className="mock__scene" />
            <p className="mock__run">Peak-hour trading, 1,000 users</p>
            <p className="mock__result">
              <span>Passed</span>
              <b>98.7%</b>
            </p>
          </div>
        </div>
        <div className="hero__flow" aria-hidden="true">
          <p>
            Lease flow <span>Step 3 of 3</span>
          </p>
          <ol>
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
