import type { ReactNode } from "react";
import { serializeForScript, SSR_DATA_ID, type AppConfig } from "./AppConfig.tsx";
import { HYDRATION_MODULES_ID, LATE_STYLESHEETS_ID, type LateStylesheets } from "./bootIds.ts";
import { SCHEME_SCRIPT } from "./colorScheme.ts";

export interface DocumentAssets {
  /** Entry module, started with <script type="module"> by React's bootstrapModules. */
  entry: string;
  stylesheets: string[];
  /** CSS inlined into <head> (each allowed by hash in the CSP): no request before first paint. */
  inlineStyles: string[];
  /**
   * CSS inlined in <body> (allowed by hash too): every rule the page uses, where the head's
   * cover its first screen only (server/assets.ts, `body`). The page places it before its first
   * section below the fold (client/PageRules.tsx); coming after the head's, it decides the
   * cascade exactly as the whole stylesheet would.
   */
  bodyStyles: string[];
  /** The whole stylesheet when the page inlines the rules it uses: linked before the app shows another route. */
  lateStylesheets?: LateStylesheets;
  noscriptStylesheets: string[];
  /** The typeface, preloaded so it is in memory by the time the first text is laid out. */
  fontPreloads?: string[];
  /** Chunks the current route needs at start: announced early so they load in parallel. */
  modulePreloads: string[];
  /** Chunks hydration needs (React, the router, the page): fetched by the entry when it starts. */
  hydrationModules: string[];
}

/**
 * The HTML shell. Rendered only on the server: the browser hydrates #root, not the document,
 * so nothing in here may depend on client state. Title and meta come from the pages
 * (React 19 hoists them into <head>).
 */
export function Document({
  assets,
  config,
  structuredData = [],
  children,
}: {
  assets: DocumentAssets;
  config: AppConfig;
  /** schema.org JSON-LD blocks of the page (client/structuredData.ts): data, never run. */
  structuredData?: readonly object[];
  children: ReactNode;
}) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The visitor's colour scheme, set before any style or paint: the page's one inline script,
            the same on every page, allowed by its hash (client/colorScheme.ts). */}
        <script dangerouslySetInnerHTML={{ __html: SCHEME_SCRIPT }} />
        {/* Installable basics (scripts/social-art.ts draws them): a PNG icon for browsers without SVG
            icons, then the SVG, which a browser that can show it takes as the later one. */}
        <link rel="icon" href="/icons/favicon-48.png" type="image/png" sizes="48x48" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        {assets.fontPreloads?.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="" />
        ))}
        {assets.inlineStyles.map((css, i) => (
          <style key={i} dangerouslySetInnerHTML={{ __html: css }} />
        ))}
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.noscriptStylesheets.length > 0 && (
          <noscript>
            {assets.noscriptStylesheets.map((href) => (
              <link key={href} rel="stylesheet" href={href} />
            ))}
          </noscript>
        )}
        {assets.modulePreloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>
        <div id="root">{children}</div>
        <script
          type="application/json"
          id={SSR_DATA_ID}
          dangerouslySetInnerHTML={{ __html: serializeForScript(config) }}
        />
        <script
          type="application/json"
          id={HYDRATION_MODULES_ID}
          dangerouslySetInnerHTML={{ __html: serializeForScript(assets.hydrationModules) }}
        />
        {structuredData.map((data, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeForScript(data) }} />
        ))}
        {assets.lateStylesheets && (
          <script
            type="application/json"
            id={LATE_STYLESHEETS_ID}
            dangerouslySetInnerHTML={{ __html: serializeForScript(assets.lateStylesheets) }}
          />
        )}
      </body>
    </html>
  );
}
