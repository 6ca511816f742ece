// swiper (and its React wrapper) is kept out of first-load bytes: a carousel asks for it when it
// nears the viewport or is used, and every carousel shares the one download.
let pending: ReturnType<typeof load> | undefined;

async function load() {
  const [react, modules] = await Promise.all([import("swiper/react"), import("swiper/modules")]);
  return { Swiper: react.Swiper, SwiperSlide: react.SwiperSlide, Autoplay: modules.Autoplay, EffectFade: modules.EffectFade };
}

export type SwiperKit = Awaited<ReturnType<typeof load>>;

export function loadSwiper(): ReturnType<typeof load> {
  pending ??= load();
  return pending;
}
