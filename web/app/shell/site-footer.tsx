/**
 * The site footer: newsletter sign-up, the CMS link groups (quick links, services, company),
 * contact details and opening hours, social links and the back-to-top control. Every text the
 * CMS holds comes from site settings.
 */
import { useId } from 'react';
import { NewsletterForm } from '../features/newsletter/newsletter-form';
import { SiteLink } from '../features/navigation/site-link';
import type { SiteSettings } from '../lib/sanity/site-settings.server';
import { BackToTop } from './back-to-top';
import { siteFooterId } from './site-footer-id';
import { SocialLinks } from './social-links';
import { hydratesLaterAttribute } from '../lib/early-presses';

/** Used only if the CMS newsletter object is missing; the specified heading. */
const fallbackNewsletterHeading = 'Stay Updated';

const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

export function SiteFooter({ settings }: { settings: SiteSettings }) {
  const newsletterHeadingId = useId();
  const { address } = settings;
  const year = new Date().getFullYear();
  return (
    <footer id={siteFooterId} className="site-footer" {...{ [hydratesLaterAttribute]: '' }}>
      <section className="footer-newsletter" aria-labelledby={newsletterHeadingId}>
        <div className="container footer-newsletter__inner">
          <div className="footer-newsletter__copy">
            <h2 id={newsletterHeadingId}>{settings.newsletter?.heading ?? fallbackNewsletterHeading}</h2>
            {settings.newsletter?.text ? <p>{settings.newsletter.text}</p> : null}
          </div>
          <NewsletterForm />
        </div>
      </section>

      <div className="container footer-grid">
        <div className="footer-brand">
          <p className="footer-brand__name">{settings.instituteName}</p>
          {settings.tagline ? <p className="footer-brand__tagline">{settings.tagline}</p> : null}
          <SocialLinks links={settings.socialLinks} owner={settings.instituteName} />
        </div>

        {settings.footerLinkGroups?.map((group) => (
          <nav key={group._key} className="footer-links" aria-label={group.title}>
            <h2 className="footer-heading">{group.title}</h2>
            <ul>
              {group.links.map((link) =>
                link.href ? (
                  <li key={link._key}>
                    <SiteLink href={link.href}>{link.label ?? link.href}</SiteLink>
                  </li>
                ) : null,
              )}
            </ul>
          </nav>
        ))}

        <div className="footer-contact">
          <h2 className="footer-heading">Contact</h2>
          <address>
            <span>{address.street}</span>
            {address.area ? <span>{address.area}</span> : null}
            <span>
              {address.city}, {address.country}
            </span>
            <a href={telHref(settings.phone)}>{settings.phone}</a>
            <a href={`mailto:${settings.email}`}>{settings.email}</a>
          </address>
          {settings.openingHours?.length ? (
            <>
              <h3 className="footer-subheading">Opening hours</h3>
              <dl className="opening-hours">
                {settings.openingHours.map((row) => (
                  <div key={row._key}>
                    <dt>{row.days}</dt>
                    <dd>{row.closed || !row.hours ? 'Closed' : row.hours}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : null}
        </div>
      </div>

      <div className="container footer-bottom">
        <p>
          © {year} {settings.instituteName}
        </p>
        <BackToTop />
      </div>
    </footer>
  );
}
