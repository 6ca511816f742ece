import { brandName, routeByPath } from "../../shared/site.ts";
import type { PageMetaData } from "../../shared/meta/types.ts";
import { useAppConfig } from "../AppConfig.tsx";

/** Title, description, canonical link and social cards; React 19 hoists them into <head>. */
export function PageMeta({ meta: route }: { meta: PageMetaData }) {
  const { siteUrl } = useAppConfig();
  const url = new URL(route.path, siteUrl).href;
  // Each route's own card, drawn from its title by scripts/social-art.ts (public/og/<route id>.png).
  const image = new URL(`/og/${routeByPath(route.path)?.id ?? "home"}.png`, siteUrl).href;
  // What the card reads: the brand and the page's title (its description is og:description already).
  const imageAlt = route.title;
  return (
    <>
      <title>{route.title}</title>
      <meta name="description" content={route.description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={brandName} />
      <meta property="og:title" content={route.title} />
      <meta property="og:description" content={route.description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:alt" content={imageAlt} />
      <meta property="og:locale" content="en_GB" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={route.title} />
      <meta name="twitter:description" content={route.description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={imageAlt} />
    </>
  );
}
