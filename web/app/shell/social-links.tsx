/** The institute's social profiles from site settings, as icon links named after each platform. */
import type { SiteSettings } from '../lib/sanity/site-settings.server';

type Platform = NonNullable<SiteSettings['socialLinks']>[number]['platform'];

const platformNames: Record<Platform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  youtube: 'YouTube',
};

export function SocialLinks({ links, owner }: { links: SiteSettings['socialLinks']; owner: string }) {
  if (!links?.length) return null;
  return (
    <ul className="social-links">
      {links.map((link) => {
        const name = platformNames[link.platform];
        return (
          <li key={link._key}>
            <a href={link.url} className="social-links__link" aria-label={`${owner} on ${name}`} rel="me noopener">
              {/* A CSS mask (global.css `.icon`), as the header's icons. */}
              <span className={`icon icon--${link.platform}`} aria-hidden="true" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
