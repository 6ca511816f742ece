import { homeMeta } from "../../shared/meta/home.ts";
import { useAppConfig } from "../AppConfig.tsx";
import { PageMeta } from "../components/PageMeta.tsx";

export function HomePage() {
  const { mainSiteUrl } = useAppConfig();
  return (
    <>
      <PageMeta meta={homeMeta} />
      <section className="hero">
        <div className="container">
          <h1 className="hero__title">The marketplace for AI agents you can buy, lease, rent or use as a service</h1>
          <p className="hero__text">
            Specialized agents for Web3 companies, DAOs and enterprises, tested in metaverse environments before you commit.
          </p>
          <a className="button button--primary" href={mainSiteUrl} target="_blank" rel="noopener noreferrer">
            Get Started
          </a>
        </div>
      </section>
    </>
  );
}
