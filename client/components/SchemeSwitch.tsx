import { useSyncExternalStore } from "react";
import { currentScheme, SCHEME_SWITCH_ATTRIBUTE, watchScheme } from "../colorScheme.ts";
import { Icon } from "./Icon.tsx";

const isDark = () => currentScheme() === "dark";
/** The server cannot know the visitor's scheme: its HTML says dark, the default. */
const darkOnServer = () => true;

/**
 * The colour scheme switch in the header: "Dark mode", on or off. The page's inline script
 * (client/colorScheme.ts) answers its clicks, from the first paint and before any other script,
 * and keeps its aria-checked true to the page; React only renders the same state, read from
 * <html>. The icon shown (a moon in the dark scheme, a sun in the light one) is the stylesheet's,
 * from the scheme's tokens, so it is right in the first frame. Without JavaScript nothing could
 * remember a choice: the switch is hidden (client/styles/noscript.css) and the system decides.
 */
export function SchemeSwitch() {
  const dark = useSyncExternalStore(watchScheme, isDark, darkOnServer);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      aria-label="Dark mode"
      className="icon-button scheme-switch"
      {...{ [SCHEME_SWITCH_ATTRIBUTE]: "" }}
      // The inline script has set aria-checked before React hydrates; React renders it right next.
      suppressHydrationWarning
    >
      <Icon name="moon" size={20} className="scheme-switch__moon" />
      <Icon name="sun" size={20} className="scheme-switch__sun" />
    </button>
  );
}
