/**
 * A CMS link: external hrefs as plain anchors, site paths through the router, and links to a
 * section (`/path#id`, `#id`) through useGoToSection, which scrolls smoothly below the header
 * (at once on this page, after the delay on another) before the hash enters the URL. The href
 * keeps the hash, so opening the link in a new tab lands on the section too.
 */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { isExternalHref, isPlainClick, splitHref } from './nav-links';
import { useGoToSection } from './use-hash-scroll';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string };

export function SiteLink({ href, onClick, children, ...rest }: Props) {
  const { pathname } = useLocation();
  const goToSection = useGoToSection();
  const split = splitHref(href, pathname);
  if (!split || isExternalHref(href)) {
    return (
      <a href={href} onClick={onClick} {...rest}>
        {children}
      </a>
    );
  }
  if (!split.hash) {
    return (
      <Link to={href} onClick={onClick} {...rest}>
        {children}
      </Link>
    );
  }
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event)) return;
    event.preventDefault();
    goToSection(split.path, split.hash);
  };
  return (
    <Link to={{ pathname: split.path, hash: `#${split.hash}` }} onClick={handleClick} {...rest}>
      {children}
    </Link>
  );
}
