/** The maintenance page: the CMS's copy plus the urgent-inquiry e-mail and phone from site settings. */
import type { ImageSources } from '../lib/sanity/image';
import type { SiteSettings } from '../lib/sanity/site-settings.server';
import { SiteLogo } from './site-logo';

type Props = {
  settings: Pick<SiteSettings, 'instituteName' | 'email' | 'phone' | 'maintenance'>;
  logo: ImageSources | null;
};

export function MaintenancePage({ settings, logo }: Props) {
  const copy = settings.maintenance;
  return (
    <main id="main" className="maintenance">
      <div className="maintenance-card">
        <p className="maintenance-brand">
          <SiteLogo name={settings.instituteName} logo={logo} className="brand-logo" />
        </p>
        <h1>{copy?.heading ?? 'Under Maintenance'}</h1>
        {copy?.message ? <p>{copy.message}</p> : null}
        <p>{copy?.urgentText ?? 'For urgent inquiries, contact us:'}</p>
        <ul className="maintenance-contacts">
          <li>
            E-mail: <a href={`mailto:${settings.email}`}>{settings.email}</a>
          </li>
          <li>
            Phone: <a href={`tel:${settings.phone.replace(/[^+\d]/g, '')}`}>{settings.phone}</a>
          </li>
        </ul>
      </div>
    </main>
  );
}
