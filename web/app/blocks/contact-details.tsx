/** The contact section: phone, e-mail, address and opening hours, all from site settings. */
import { useRootData } from '../lib/root-data';
import { BlockSection } from './block-section';
import type { BlockProps } from './types';

/** "+254 700 000 000" as a tel: URI: digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function ContactDetailsBlock({ _key, anchor, heading, text }: BlockProps<'contactDetails'>) {
  const settings = useRootData()?.settings;
  return (
    <BlockSection
      blockKey={_key}
      name="contact-details"
      anchor={anchor}
      heading={heading}
      intro={text}
      introField="text"
    >
      {settings ? (
        <dl className="contact-details">
          <div className="contact-details__item">
            <dt>Phone</dt>
            <dd>
              <a href={telHref(settings.phone)}>{settings.phone}</a>
            </dd>
          </div>
          <div className="contact-details__item">
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${settings.email}`}>{settings.email}</a>
            </dd>
          </div>
          <div className="contact-details__item">
            <dt>Address</dt>
            <dd>
              <address>
                {[settings.address.street, settings.address.area, settings.address.city, settings.address.country]
                  .filter(Boolean)
                  .map((line) => (
                    <span key={line} className="contact-details__line">
                      {line}
                    </span>
                  ))}
              </address>
            </dd>
          </div>
          {settings.openingHours?.length ? (
            <div className="contact-details__item">
              <dt>Opening hours</dt>
              <dd>
                <ul className="contact-details__hours">
                  {settings.openingHours.map((entry) => (
                    <li key={entry._key}>
                      <span>{entry.days}</span> <span>{entry.closed ? 'Closed' : entry.hours}</span>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </BlockSection>
  );
}
