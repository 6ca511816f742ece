import { sectionTitles, testimonials } from "../../../shared/data/home.ts";
import type { Testimonial } from "../../../shared/data/types.ts";
import { timings } from "../../../shared/site.ts";
import { Carousel } from "../carousel/Carousel.tsx";
import { Reveal } from "../Reveal.tsx";
import { KeepWords } from "../KeepWords.tsx";
import { SectionHeading } from "../SectionHeading.tsx";

/** Four slides alternating the two testimonials (docs/product.md section 2). */
const slides: Testimonial[] = Array.from({ length: 4 }, (_, i) => testimonials[i % testimonials.length]!);

function TestimonialSlide({ item }: { item: Testimonial }) {
  return (
    <figure className="testimonial">
      {/* The opening mark in the quote's own serif (an icon's block marks read as another face). */}
      <span className="testimonial__mark" aria-hidden="true">
        “
      </span>
      <blockquote className="testimonial__quote">
        {/* "on-chain" wraps whole, never as "on-" and "chain" at display size. */}
        <p>
          <KeepWords text={item.quote} />
        </p>
      </blockquote>
      <figcaption className="testimonial__author">
        <span>
          <span className="testimonial__name">{item.name}</span>
          <span className="testimonial__role">
            {item.role}, {item.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

export function TestimonialsSlider() {
  return (
    <section
      id="ourclient"
      className="section below-fold section--ember testimonials"
      aria-labelledby="testimonials-title"
    >
      <div className="container testimonials__inner">
        <Reveal>
          <SectionHeading id="testimonials-title" title={sectionTitles.testimonials} />
        </Reveal>
        <Carousel
          label="Client testimonials"
          className="carousel--fade carousel--testimonials"
          items={slides}
          getKey={(item, index) => `${item.id}-${index}`}
          renderItem={(item) => <TestimonialSlide item={item} />}
          pagination
          autoplayDelay={timings.autoplayIntervalMs}
        />
      </div>
    </section>
  );
}
