// What a carousel's buttons do, on the DOM alone: the scroll-snap track is the carousel's state
// (where it is scrolled to), so the buttons act the same before React arrives
// (client/earlyControls.ts) and after (client/components/carousel/Carousel.tsx).

export interface TrackPosition {
  atStart: boolean;
  atEnd: boolean;
  /** The slide at the start of the view. */
  index: number;
}

export const TRACK = ".carousel__track";

/** The distance from one slide's start to the next (slide width plus gap). */
function stride(track: HTMLElement): number {
  const [first, second] = track.children as HTMLCollectionOf<HTMLElement>;
  if (!first) return track.clientWidth;
  return second ? second.offsetLeft - first.offsetLeft : first.offsetWidth;
}

export function positionOf(track: HTMLElement): TrackPosition {
  const left = Math.round(track.scrollLeft);
  return {
    atStart: left <= 1,
    atEnd: left + track.clientWidth >= track.scrollWidth - 1,
    index: Math.round(left / Math.max(1, stride(track))),
  };
}

/**
 * Where a track is heading while it scrolls smoothly: a second click goes one slide on from
 * there, not from wherever the animation has got to (which would lose the click). Forgotten once
 * the track arrives, or after three seconds (a swipe that took it elsewhere, a browser with no
 * scrollend event). A scrollend that fires on the way, or one left by an earlier click, does not
 * forget a newer heading: that lost a click when clicks came fast on a busy machine (a clean-clone
 * CI run at ffb3263 ended the articles carousel one card short of its end).
 */
const heading = new WeakMap<HTMLElement, { index: number; until: number }>();

export function scrollTrackTo(track: HTMLElement, index: number): void {
  const last = Math.max(0, Math.ceil((track.scrollWidth - track.clientWidth) / Math.max(1, stride(track))));
  const target = Math.min(Math.max(index, 0), last);
  const entry = { index: target, until: performance.now() + 3000 };
  heading.set(track, entry);
  const settle = () => {
    const current = heading.get(track) === entry;
    if (current) {
      const at = positionOf(track);
      if (at.index !== target && !at.atEnd) return; // still on its way
      heading.delete(track);
    }
    track.removeEventListener("scrollend", settle);
  };
  track.addEventListener("scrollend", settle);
  track.scrollTo({ left: target * stride(track) });
}

/** One slide back (-1) or on (+1). */
export function stepTrack(track: HTMLElement, direction: -1 | 1): void {
  const pending = heading.get(track);
  const from = pending && pending.until > performance.now() ? pending.index : positionOf(track).index;
  scrollTrackTo(track, from + direction);
}
