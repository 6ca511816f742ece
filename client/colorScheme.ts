// The colour scheme: dark by default, light when the system prefers it (client/styles/tokens.css),
// and whichever the visitor picks with the header's switch, remembered in localStorage. The choice
// is applied by the one inline script of every page, SCHEME_SCRIPT, which runs in <head> before
// anything is painted: no frame ever shows the other scheme. It is the same text on every page,
// so pages stay the same bytes for every visitor (cacheable), and the Content-Security-Policy
// allows it by its hash alone (server/security.ts, docs/decisions/020). Written out by hand, not
// compiled: its bytes are what the hash is of.

/** The attribute on <html> that holds a choice: "light" or "dark"; absent, the system decides. */
export const SCHEME_ATTRIBUTE = "data-scheme";
/** The attribute that marks the switch (client/components/SchemeSwitch.tsx). */
export const SCHEME_SWITCH_ATTRIBUTE = "data-scheme-switch";
/** Where the choice is kept. */
export const SCHEME_STORAGE_KEY = "color-scheme";
/** The system's preference for light, as the stylesheet asks it. */
export const PREFERS_LIGHT = "(prefers-color-scheme: light)";

/**
 * What the script does:
 * - reads the stored choice and, if there is one, sets it on <html> (the stylesheet does the rest);
 * - answers a click on the switch from then on, before any other script has loaded and after
 *   React has hydrated alike. It listens in the capture phase on the document, ahead of React,
 *   which stops a click that reaches a part of the page it has not hydrated yet. The switch itself
 *   turns at once (its aria-checked, and `data-flip`, which shows the other icon): that is the
 *   frame that answers the tap. The scheme, which restyles every element of the page (60-160 ms
 *   on the home page at CPU x4), is applied and stored after that frame has been painted, so the
 *   tap is not held behind it (npm run bench:tap: 312-392 ms when the page changed in the same
 *   frame). Taps before then toggle the pending choice;
 * - sets aria-checked on the switch once the document is parsed, and again when the system's
 *   preference changes while it decides.
 * Storage that throws (blocked, or full) leaves the choice for this page only.
 */
export const SCHEME_SCRIPT =
  "(()=>{" +
  `const r=document.documentElement,m=matchMedia("${PREFERS_LIGHT}"),k="${SCHEME_STORAGE_KEY}",a="${SCHEME_ATTRIBUTE}",s="[${SCHEME_SWITCH_ATTRIBUTE}]";` +
  "let c,p;try{c=localStorage.getItem(k)}catch{}" +
  'if(c==="light"||c==="dark")r.setAttribute(a,c);' +
  'const now=()=>r.getAttribute(a)||(m.matches?"light":"dark"),dark=()=>(p||now())==="dark",' +
  'show=()=>{for(const b of document.querySelectorAll(s)){b.setAttribute("aria-checked",dark());b.toggleAttribute("data-flip",!!p&&p!==now())}};' +
  'document.addEventListener("click",e=>{if(!e.target.closest?.(s))return;' +
  'const q=p;p=dark()?"light":"dark";show();' +
  "if(!q)requestAnimationFrame(()=>setTimeout(()=>{r.setAttribute(a,p);try{localStorage.setItem(k,p)}catch{}p=void 0;show()}))},true);" +
  'document.addEventListener("DOMContentLoaded",show);m.addEventListener("change",show)' +
  "})()";
