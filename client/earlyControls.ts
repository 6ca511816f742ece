import { positionOf, scrollTrackTo, stepTrack, TRACK } from "./controls/carouselTrack.ts";
import { tabForKey } from "./controls/tabKeys.ts";

// The two controls the browser has no element for, working from the first paint: tabs and
// carousel buttons. These handlers act on the server's HTML directly (they do not queue or
// replay anything) and stand down when React takes the page over (client/hydrate.tsx); the
// components then read the state these left in the DOM. The menu (popover), the accordion
// (<details>) and a carousel's swipe need no script at all.

function selectTab(tab: HTMLElement, focus: boolean): void {
  const tabs = [...(tab.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
  for (const each of tabs) {
    const selected = each === tab;
    each.setAttribute("aria-selected", String(selected));
    each.tabIndex = selected ? 0 : -1;
    document.getElementById(each.getAttribute("aria-controls") ?? "")?.toggleAttribute("data-active", selected);
  }
  if (focus) tab.focus();
}

function onClick(event: MouseEvent): void {
  const target = event.target as Element;
  const tab = target.closest<HTMLElement>('[role="tab"]');
  if (tab) {
    event.preventDefault();
    return selectTab(tab, false);
  }
  const button = target.closest<HTMLButtonElement>("[data-step], [data-slide]");
  const track = button?.closest(".carousel")?.querySelector<HTMLElement>(TRACK);
  if (!button || !track) return;
  if (button.dataset.step) stepTrack(track, button.dataset.step === "-1" ? -1 : 1);
  else scrollTrackTo(track, Number(button.dataset.slide));
}

function onKeyDown(event: KeyboardEvent): void {
  const tab = (event.target as Element).closest<HTMLElement>('[role="tab"]');
  const tabs = [...(tab?.parentElement?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
  const next = tab && tabForKey(event.key, tabs.indexOf(tab), tabs.length);
  if (next === undefined || next === null) return;
  event.preventDefault();
  selectTab(tabs[next]!, true);
}

/** Keeps a carousel's buttons in step with its track, however it was scrolled. */
function onScroll(event: Event): void {
  const track = event.target;
  if (!(track instanceof HTMLElement) || !track.matches(TRACK)) return;
  const carousel = track.closest(".carousel")!;
  const { atStart, atEnd, index } = positionOf(track);
  for (const button of carousel.querySelectorAll<HTMLButtonElement>("[data-step]"))
    button.disabled = button.dataset.step === "-1" ? atStart : atEnd;
  for (const dot of carousel.querySelectorAll<HTMLElement>("[data-slide]"))
    if (Number(dot.dataset.slide) === index) dot.setAttribute("aria-current", "true");
    else dot.removeAttribute("aria-current");
}

const handlers = [
  ["click", onClick],
  ["keydown", onKeyDown],
  ["scroll", onScroll],
] as const;

export function startEarlyControls(): void {
  for (const [type, handler] of handlers) document.addEventListener(type, handler as EventListener, true);
}

export function stopEarlyControls(): void {
  for (const [type, handler] of handlers) document.removeEventListener(type, handler as EventListener, true);
}
