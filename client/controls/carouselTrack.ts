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

/** One slide back (-1) or on (+1); the track's snap points make it land on a slide. */
export function stepTrack(track: HTMLElement, direction: -1 | 1): void {
  track.scrollBy({ left: direction * stride(track) });
}

export function scrollTrackTo(track: HTMLElement, index: number): void {
  track.scrollTo({ left: index * stride(track) });
}
