// swiper (and its React wrapper) is kept out of first-load bytes: a carousel asks for it when it
// nears the viewport or is used, and every carousel shares the one download.
let pending: ReturnType<typeof load> | undefined;

async function load() {
  const kit = await import("./swiperKit.ts");
  return { Swiper: kit.Swiper, SwiperSlide: kit.SwiperSlide, Autoplay: kit.Autoplay, EffectFade: kit.EffectFade };
}

export type SwiperKit = Awaited<ReturnType<typeof load>>;

export function loadSwiper(): ReturnType<typeof load> {
  pending ??= load();
  return pending;
}
