import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { timings } from "../../../shared/site.ts";
import { positionOf, scrollTrackTo, stepTrack, type TrackPosition } from "../../controls/carouselTrack.ts";
import { slug } from "../../domId.ts";
import { prefersReducedMotion } from "../../motion.ts";
import { Icon } from "../Icon.tsx";

export interface CarouselProps<T> {
  /** Accessible name of the region, e.g. "Recent articles". */
  label: string;
  items: readonly T[];
  getKey: (item: T, index: number) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Variant class: it sets the slides per view at each breakpoint (carousel.css). */
  className: string;
  /** Autoplay delay in ms; off with prefers-reduced-motion. */
  autoplayDelay?: number;
  /** Dots under the slides ("Go to slide N"). */
  pagination?: boolean;
  /** Where the previous/next buttons go. */
  controls?: "top" | "bottom";
}

const samePosition = (a: TrackPosition, b: TrackPosition) =>
  a.atStart === b.atStart && a.atEnd === b.atEnd && a.index === b.index;

/**
 * A labelled carousel region around a scroll-snap track: swiping, the wheel and the keyboard
 * move it natively, from the first paint and without JavaScript. Previous/Next step one slide and
 * are disabled at the ends; the dots go to a slide; autoplay pauses on hover, focus, off screen
 * and with the pause button. The track's scroll position is the state: the buttons act on it the same way
 * before React arrives (client/earlyControls.ts) and after.
 */
export function Carousel<T>(props: CarouselProps<T>) {
  const { label, items, getKey, renderItem, className, autoplayDelay, pagination = false, controls = "bottom" } = props;
  const trackRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<TrackPosition>({ atStart: true, atEnd: items.length <= 1, index: 0 });
  const [paused, setPaused] = useState(false);
  // Read after mount: the server cannot know it, and the first render must match its HTML.
  const [reducedMotion, setReducedMotion] = useState(false);
  // `away`: off screen, where nobody reads a slide move (and a moving, fading slide costs frames).
  const held = useRef({ hover: false, focus: false, away: true });
  // The track's id from the region's label, not useId (see client/domId.ts).
  const id = `${slug(label)}-viewport`;

  const read = () => {
    const track = trackRef.current;
    if (track) setPosition((current) => (samePosition(current, positionOf(track)) ? current : positionOf(track)));
  };

  // Where the track is once hydrated (a tap before may have moved it), and again 50 ms after its
  // width stops changing (docs/product.md section 9). A layout effect: a tap React replays right
  // after hydrating must meet the buttons' real state (React ignores clicks on a disabled button).
  useLayoutEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    setReducedMotion(prefersReducedMotion());
    read();
    let timer: number | undefined;
    const observer = new ResizeObserver(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(read, timings.carouselResizeDebounceMs);
    });
    observer.observe(track);
    const seen = new IntersectionObserver(([entry]) => (held.current.away = !entry!.isIntersecting));
    seen.observe(track);
    return () => {
      observer.disconnect();
      seen.disconnect();
      window.clearTimeout(timer);
    };
  }, []);

  const autoplay = autoplayDelay && !reducedMotion && !paused ? autoplayDelay : undefined;
  useEffect(() => {
    const track = trackRef.current;
    if (!autoplay || !track) return;
    const timer = window.setInterval(() => {
      if (held.current.hover || held.current.focus || held.current.away) return;
      if (positionOf(track).atEnd) scrollTrackTo(track, 0);
      else stepTrack(track, 1);
    }, autoplay);
    return () => window.clearInterval(timer);
  }, [autoplay]);

  const step = (direction: -1 | 1) => trackRef.current && stepTrack(trackRef.current, direction);

  const buttons = (
    <div className="carousel__controls">
      <button
        type="button"
        className="icon-button"
        aria-label="Previous"
        aria-controls={id}
        data-step="-1"
        disabled={position.atStart}
        onClick={() => step(-1)}
      >
        <Icon name="arrowLeft" />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Next"
        aria-controls={id}
        data-step="1"
        disabled={position.atEnd}
        onClick={() => step(1)}
      >
        <Icon name="arrowRight" />
      </button>
      {autoplayDelay && !reducedMotion && (
        <button
          type="button"
          className="icon-button carousel__pause"
          aria-label={paused ? "Play slides" : "Pause slides"}
          onClick={() => setPaused(!paused)}
        >
          <Icon name={paused ? "play" : "pause"} />
        </button>
      )}
    </div>
  );

  return (
    <section
      className={`carousel ${className}`}
      aria-label={label}
      aria-roledescription="carousel"
      onPointerEnter={() => (held.current.hover = true)}
      onPointerLeave={() => (held.current.hover = false)}
      onFocus={() => (held.current.focus = true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) held.current.focus = false;
      }}
    >
      {controls === "top" && buttons}
      {/* Focusable: a track of quotes holds no link, and a scrollable region must be reachable by keyboard. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="carousel__track" id={id} ref={trackRef} tabIndex={0} onScroll={read}>
        {items.map((item, index) => (
          <div
            key={getKey(item, index)}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${items.length}`}
          >
            {renderItem(item, index)}
          </div>
        ))}
      </div>
      {pagination && (
        <div className="carousel__dots">
          {items.map((item, index) => (
            <button
              key={getKey(item, index)}
              type="button"
              className="carousel__dot"
              aria-label={`Go to slide ${index + 1}`}
              aria-current={position.index === index ? "true" : undefined}
              data-slide={index}
              onClick={() => trackRef.current && scrollTrackTo(trackRef.current, index)}
            />
          ))}
        </div>
      )}
      {controls === "bottom" && buttons}
    </section>
  );
}
