import { hero } from "../../../shared/data/home.ts";
import { useAppConfig } from "../../AppConfig.tsx";
import { HomeIcon } from "./HomeIcon.tsx";

/** The page's h1 and LCP: never hidden at load, its illustration loads first. */
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
              <HomeIcon name="arrow" size={18} />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            <a className="button button--ghost" href="#service-sec">
              Explore Services
            </a>
          </div>
        </div>
        <div className="hero__art">
          <img
            src="/images/home/hero-agents.svg"
            alt=""
            width={560}
            height={500}
            fetchPriority="high"
            decoding="async"
          />
        </div>
      </div>
    </section>
  );
}
