/** Quotes from participants and clients, each with name, role and organisation. */
import { BlockSection } from './block-section';
import type { BlockProps } from './types';

export function TestimonialsBlock({ _key, anchor, heading, items }: BlockProps<'testimonials'>) {
  return (
    <BlockSection blockKey={_key} name="testimonials" anchor={anchor} heading={heading} tone="tinted">
      <ul className="testimonials">
        {items.map((item) => (
          <li key={item._key}>
            <figure className="testimonial">
              <blockquote className="testimonial__quote">
                <p>{item.quote}</p>
              </blockquote>
              <figcaption className="testimonial__source">
                <span className="testimonial__name">{item.name}</span>
                {item.role || item.organisation ? (
                  <span className="testimonial__role">{[item.role, item.organisation].filter(Boolean).join(', ')}</span>
                ) : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
