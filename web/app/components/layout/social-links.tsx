/** The institute's social profiles from site settings, as icon links named after each platform. */
import type { ReactNode } from 'react';
import type { SiteSettings } from '../../lib/sanity/site-settings.server';

type Platform = NonNullable<SiteSettings['socialLinks']>[number]['platform'];

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const platforms: Record<Platform, { name: string; icon: ReactNode }> = {
  facebook: {
    name: 'Facebook',
    icon: (
      <path
        d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z"
        fill="currentColor"
      />
    ),
  },
  instagram: {
    name: 'Instagram',
    icon: (
      <>
        <rect x="3.5" y="3.5" width="17" height="17" rx="5" {...stroke} />
        <circle cx="12" cy="12" r="3.8" {...stroke} />
        <circle cx="17.2" cy="6.8" r="1.2" fill="currentColor" />
      </>
    ),
  },
  linkedin: {
    name: 'LinkedIn',
    icon: (
      <>
        <rect x="3.5" y="9" width="3.5" height="11.5" fill="currentColor" />
        <circle cx="5.25" cy="5.25" r="2" fill="currentColor" />
        <path
          d="M10 9h3.3v1.7c.6-1.1 2-2 3.8-2 3 0 3.9 1.9 3.9 4.8v7H17.5v-6.2c0-1.5-.3-2.7-1.8-2.7s-2.2 1.1-2.2 2.7v6.2H10z"
          fill="currentColor"
        />
      </>
    ),
  },
  twitter: {
    name: 'Twitter',
    icon: <path d="M4 4l16 16M20 4 4 20" {...stroke} />,
  },
  youtube: {
    name: 'YouTube',
    icon: (
      <>
        <rect x="2.5" y="5.5" width="19" height="13" rx="4" {...stroke} />
        <path d="M10 9v6l5-3z" fill="currentColor" />
      </>
    ),
  },
};

export function SocialLinks({ links, owner }: { links: SiteSettings['socialLinks']; owner: string }) {
  if (!links?.length) return null;
  return (
    <ul className="social-links">
      {links.map((link) => {
        const platform = platforms[link.platform];
        return (
          <li key={link._key}>
            <a
              href={link.url}
              className="social-links__link"
              aria-label={`${owner} on ${platform.name}`}
              rel="me noopener"
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                {platform.icon}
              </svg>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
