import type { ReactNode } from "react";
import { AppConfigContext, type AppConfig } from "./AppConfig.tsx";

/** What sits inside #root on both sides: the server's and the browser's trees must match. */
export function App({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <AppConfigContext value={config}>{children}</AppConfigContext>;
}
