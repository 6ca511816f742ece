// The parts of swiper the carousels use, imported by name so the bundler keeps only these
// (a dynamic import of "swiper/modules" would pull in every module swiper ships).
export { Swiper, SwiperSlide } from "swiper/react";
export { Autoplay, EffectFade } from "swiper/modules";
