/**
 * The institute's logo, as the pictures the root loader made of the CMS's logo, named by the
 * institute's name; the name as text when the CMS has no logo: the maintenance page and the
 * sign-in card. (The header draws its own: this module in the header's chunk would cost every
 * page's JavaScript budget.)
 */
import type { ImageSources } from '../lib/sanity/image';

type Props = { name: string; logo: ImageSources | null; className: string };

export function SiteLogo({ name, logo, className }: Props) {
  if (!logo) return <>{name}</>;
  return (
    <img
      src={logo.src}
      srcSet={logo.srcSet}
      alt={name}
      width={logo.width}
      height={logo.height}
      className={className}
      decoding="async"
    />
  );
}
