/**
 * The institute's logo from the CMS site settings, named by the institute's name; the name as
 * text when the CMS has no logo: the maintenance page and the sign-in card. (The header draws its
 * own: this module in the header's chunk would cost every page's JavaScript budget.)
 */
import type { SiteSettings } from '../lib/sanity/site-settings.server';

type Props = { settings: Pick<SiteSettings, 'instituteName' | 'logo'>; className: string };

export function SiteLogo({ settings, className }: Props) {
  const logo = settings.logo?.asset;
  if (!logo) return <>{settings.instituteName}</>;
  return (
    <img
      src={logo.url}
      alt={settings.instituteName}
      width={logo.width ?? undefined}
      height={logo.height ?? undefined}
      className={className}
      decoding="async"
    />
  );
}
