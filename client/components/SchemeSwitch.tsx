import { SCHEME_SWITCH_ATTRIBUTE } from "../colorScheme.ts";
import { Icon } from "./Icon.tsx";

/**
 * The colour scheme switch in the header: "Dark mode", on or off. The page's inline script
 * (client/colorScheme.ts) does everything it does, before any other script has loaded and after
 * React has hydrated alike: it answers its clicks and keeps its aria-checked true to the page
 * (the server cannot know the visitor's scheme, so its HTML says on, the default, until the page
 * is parsed). React renders the button and never changes it, so it never undoes the script's
 * state; there is no second path. The icon shown (a moon in the dark scheme, a sun in the light
 * one) is the stylesheet's, from the scheme's tokens, so it is right in the first frame. Without
 * JavaScript nothing could remember a choice: the switch is hidden (client/styles/noscript.css)
 * and the system decides.
 */
export function SchemeSwitch() {
  return (
    <button
      type="button"
      role="switch"
      aria-checked="true"
      aria-label="Dark mode"
      className="icon-button scheme-switch"
      {...{ [SCHEME_SWITCH_ATTRIBUTE]: "" }}
      // The inline script may have set aria-checked before React hydrates.
      suppressHydrationWarning
    >
      <Icon name="moon" size={20} className="scheme-switch__moon" />
      <Icon name="sun" size={20} className="scheme-switch__sun" />
    </button>
  );
}
