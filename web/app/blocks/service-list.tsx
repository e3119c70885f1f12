/** Services from Supabase, each card linking to its page at /services/{slug}. */
import { Link } from 'react-router';
import { BlockSection } from './block-section';
import { LiveRows } from './live/live-rows';
import { useLiveRows } from './page-context';
import type { BlockProps } from './types';

export function ServiceListBlock({ _key, anchor, heading, intro }: BlockProps<'serviceList'>) {
  const rows = useLiveRows('serviceList', _key);
  return (
    <BlockSection blockKey={_key} name="service-list" anchor={anchor} heading={heading} intro={intro} tone="tinted">
      <LiveRows
        rows={rows}
        what="services"
        skeletonCount={6}
        empty={<p>Our services are being updated. Please contact us to discuss what your organisation needs.</p>}
        error={
          <p>
            <strong>We couldn’t load our services just now.</strong> Please refresh the page or try again in a few
            minutes.
          </p>
        }
      >
        {(services) => (
          <ul className="service-list">
            {services.map((service) => (
              <li key={service.id} className="service-card">
                {service.imageUrl ? (
                  <img
                    className="service-card__image"
                    src={service.imageUrl}
                    alt={service.title}
                    width={640}
                    height={360}
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                <h3 className="service-card__title">
                  <Link to={service.href} className="service-card__link">
                    {service.title}
                  </Link>
                </h3>
                <p className="service-card__text">{service.description}</p>
                <span className="service-card__more" aria-hidden="true">
                  Learn more →
                </span>
              </li>
            ))}
          </ul>
        )}
      </LiveRows>
    </BlockSection>
  );
}
