/** Site footer (first cut: contact details and opening hours from site settings). */
import type { SiteSettings } from '../../lib/sanity/site-settings.server';

export function SiteFooter({ settings }: { settings: SiteSettings }) {
  const { address } = settings;
  return (
    <footer className="site-footer">
      <div className="container">
        <p>{settings.instituteName}</p>
        <address>
          {[address.street, address.area, address.city, address.country].filter(Boolean).join(', ')}
          <br />
          <a href={`tel:${settings.phone.replace(/[^+\d]/g, '')}`}>{settings.phone}</a> ·{' '}
          <a href={`mailto:${settings.email}`}>{settings.email}</a>
        </address>
        <ul>
          {settings.openingHours?.map((h) => (
            <li key={h._key}>
              {h.days}: {h.closed ? 'Closed' : h.hours}
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
