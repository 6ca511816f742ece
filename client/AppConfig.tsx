import { createContext, useContext } from "react";

/** Runtime values the server hands the browser (rendered into #ssr-data, read before hydration). */
export interface AppConfig {
  mainSiteUrl: string;
  siteUrl: string;
  /** Per-request data for the page, e.g. the no-JavaScript contact form re-render. */
  pageData?: Record<string, unknown>;
}

export const AppConfigContext = createContext<AppConfig>({
  mainSiteUrl: "https://app.example.com",
  siteUrl: "http://localhost:3000",
});

export function useAppConfig(): AppConfig {
  return useContext(AppConfigContext);
}

export const SSR_DATA_ID = "ssr-data";

/** JSON inside a <script type="application/json"> must not be able to close the tag. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
