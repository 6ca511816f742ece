import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { slug } from "../../domId.ts";
import type { Swiper as SwiperInstance } from "swiper/types";
import { timings } from "../../../shared/site.ts";
import { prefersReducedMotion } from "../../motion.ts";
import { Icon } from "../Icon.tsx";
import { loadSwiper, type SwiperKit } from "./loadSwiper.ts";

export interface CarouselBreakpoint {
  /** Viewport width from which this applies (0 for the base). */
  minWidth: number;
  slidesPerView: number;
}

export interface CarouselProps<T> {
  /** Accessible name of the region, e.g. "Recent articles". */
  label: string;
  items: readonly T[];
  getKey: (item: T, index: number) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /**
   * Slides per view by viewport width. The variant's CSS (className) must mirror these widths
   * and the gap for the server-rendered track, so nothing moves when swiper takes over.
   */
  breakpoints: readonly CarouselBreakpoint[];
  gap: number;
  /** Variant class that carries the mirrored slide widths. */
  className: string;
  speed?: number;
  effect?: "slide" | "fade";
  /** Autoplay delay in ms; off with prefers-reduced-motion. */
  autoplayDelay?: number;
  /** Dots under the slides ("Go to slide N"). */
  pagination?: boolean;
  /** Where the previous/next buttons go. */
  controls?: "top" | "bottom";
}

type Edges = { atStart: boolean; atEnd: boolean; index: number };

/**
 * A labelled carousel region. The server renders the slides as a scrollable track (readable and
 * reachable without JavaScript); in the browser swiper takes over once the carousel nears the
 * viewport or is used. Previous/Next are disabled at the ends; autoplay pauses on hover and focus.
 */
export function Carousel<T>(props: CarouselProps<T>) {
  const {
    label,
    items,
    getKey,
    renderItem,
    breakpoints,
    gap,
    className,
    speed = 500,
    effect = "slide",
    autoplayDelay,
    pagination = false,
    controls = "bottom",
  } = props;
  const regionRef = useRef<HTMLElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const swiperRef = useRef<SwiperInstance | null>(null);
  const queued = useRef<((s: SwiperInstance) => void) | null>(null);
  const [kit, setKit] = useState<SwiperKit | null>(null);
  const [edges, setEdges] = useState<Edges>({ atStart: true, atEnd: items.length <= 1, index: 0 });
  const [paused, setPaused] = useState(false);
  // Read after mount: the server cannot know it, and the first render must match its HTML.
  const [reducedMotion, setReducedMotion] = useState(false);
  // The viewport's id from the region's label, not useId (see client/domId.ts).
  const id = `${slug(label)}-viewport`;

  useEffect(() => setReducedMotion(prefersReducedMotion()), []); // eslint-disable-line react-hooks/set-state-in-effect -- read after hydration on purpose: the server cannot know it

  const upgrade = useCallback(() => {
    void loadSwiper().then(setKit);
  }, []);

  // swiper (27 KB) is worth loading for a carousel the visitor is about to use: one that autoplays
  // as soon as it is near, any other when scrolling brings it near or when it is reached for
  // (pointer, touch, focus: see the region's handlers). A still carousel already in view at load
  // shows its server-rendered first frame and stays off the page's first-load bytes.
  const autoplays = Boolean(autoplayDelay);
  useEffect(() => {
    const region = regionRef.current;
    if (!region || kit) return;
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries.some((e) => e.isIntersecting);
        if (near && (autoplays || !first)) {
          observer.disconnect();
          upgrade();
        }
        first = false;
      },
      { rootMargin: "300px 0px" },
    );
    observer.observe(region);
    return () => observer.disconnect();
  }, [kit, upgrade, autoplays]);

  const sync = (swiper: SwiperInstance) =>
    setEdges({ atStart: swiper.isBeginning, atEnd: swiper.isEnd, index: swiper.activeIndex });

  // docs/product.md section 9: the carousel re-lays out 50 ms after its width stops changing (swiper's own
  // resize handling runs on every frame of a window drag).
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!kit || !viewport) return;
    let width = viewport.clientWidth;
    let timer: number | undefined;
    const observer = new ResizeObserver(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const swiper = swiperRef.current;
        if (!swiper || swiper.destroyed || viewport.clientWidth === width) return;
        width = viewport.clientWidth;
        swiper.setBreakpoint();
        swiper.update();
        sync(swiper);
      }, timings.carouselResizeDebounceMs);
    });
    observer.observe(viewport);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [kit]);

  const withSwiper = (action: (s: SwiperInstance) => void) => {
    if (swiperRef.current) action(swiperRef.current);
    else {
      queued.current = action;
      upgrade();
    }
  };

  const autoplay = autoplayDelay && !reducedMotion ? autoplayDelay : undefined;
  // Autoplay is held while the pointer is over the region, while focus is inside it, or after
  // the pause button. swiper's own pause() only waits for the current transition, so hold with
  // stop() and start() instead.
  const held = useRef({ hover: false, focus: false, button: false });
  const applyHold = () => {
    const running = swiperRef.current?.autoplay;
    if (!autoplay || !running) return;
    const hold = held.current.hover || held.current.focus || held.current.button;
    if (hold && running.running) running.stop();
    else if (!hold && !running.running) running.start();
  };
  const hold = (reason: keyof typeof held.current, value: boolean) => {
    held.current[reason] = value;
    applyHold();
  };
  const pause = (value: boolean) => {
    setPaused(value);
    hold("button", value);
  };

  const buttons = (
    <div className="carousel__controls">
      <button
        type="button"
        className="icon-button"
        aria-label="Previous"
        aria-controls={id}
        disabled={edges.atStart}
        onClick={() => withSwiper((s) => s.slidePrev())}
      >
        <Icon name="arrowLeft" />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Next"
        aria-controls={id}
        disabled={edges.atEnd}
        onClick={() => withSwiper((s) => s.slideNext())}
      >
        <Icon name="arrowRight" />
      </button>
      {autoplay && (
        <button
          type="button"
          className="icon-button carousel__pause"
          aria-label={paused ? "Play slides" : "Pause slides"}
          onClick={() => pause(!paused)}
        >
          <Icon name={paused ? "play" : "pause"} />
        </button>
      )}
    </div>
  );

  const slides = items.map((item, index) => (
    <div
      key={getKey(item, index)}
      className="carousel__slide"
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${items.length}`}
    >
      {renderItem(item, index)}
    </div>
  ));

  return (
    <section
      ref={regionRef}
      className={`carousel ${className}`}
      aria-label={label}
      aria-roledescription="carousel"
      data-ready={kit ? "" : undefined}
      onPointerEnter={() => {
        upgrade();
        hold("hover", true);
      }}
      onPointerLeave={() => hold("hover", false)}
      onTouchStart={upgrade}
      onFocus={() => {
        upgrade();
        hold("focus", true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) hold("focus", false);
      }}
    >
      {controls === "top" && buttons}
      <div className="carousel__viewport" id={id} ref={viewportRef}>
        {kit ? (
          <kit.Swiper
            modules={[...(autoplay ? [kit.Autoplay] : []), ...(effect === "fade" ? [kit.EffectFade] : [])]}
            slidesPerView={breakpoints[0]?.slidesPerView ?? 1}
            spaceBetween={gap}
            breakpoints={Object.fromEntries(
              breakpoints.map((b) => [b.minWidth, { slidesPerView: b.slidesPerView, spaceBetween: gap }]),
            )}
            speed={prefersReducedMotion() ? 0 : speed}
            effect={effect}
            {...(effect === "fade" ? { fadeEffect: { crossFade: true } } : {})}
            loop={false}
            rewind={Boolean(autoplay)}
            autoplay={autoplay ? { delay: autoplay, disableOnInteraction: false } : false}
            updateOnWindowResize={false}
            resizeObserver={false}
            watchSlidesProgress
            a11y={{ enabled: false }}
            onSwiper={(swiper) => {
              swiperRef.current = swiper;
              sync(swiper);
              applyHold();
              queued.current?.(swiper);
              queued.current = null;
            }}
            onSlideChange={sync}
            onReachBeginning={sync}
            onReachEnd={sync}
            onFromEdge={sync}
            onBreakpoint={sync}
            onResize={sync}
          >
            {items.map((item, index) => (
              <kit.SwiperSlide
                key={getKey(item, index)}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${items.length}`}
              >
                {renderItem(item, index)}
              </kit.SwiperSlide>
            ))}
          </kit.Swiper>
        ) : (
          <div className="carousel__track">{slides}</div>
        )}
      </div>
      {pagination && (
        <div className="carousel__dots">
          {items.map((item, index) => (
            <button
              key={getKey(item, index)}
              type="button"
              className="carousel__dot"
              aria-label={`Go to slide ${index + 1}`}
              aria-current={edges.index === index ? "true" : undefined}
              onClick={() => withSwiper((s) => s.slideTo(index))}
            />
          ))}
        </div>
      )}
      {controls === "bottom" && buttons}
    </section>
  );
}
