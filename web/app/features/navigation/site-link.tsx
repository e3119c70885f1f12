/**
 * A CMS link: external hrefs as plain anchors, site paths through the router. A link to a section
 * of the current page scrolls there smoothly below the header at once; a link to a section of
 * another page navigates without the router's own scrolling and lets useHashScroll scroll after
 * the delay.
 */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isExternalHref, normalisePath, splitHref } from './nav-links';
import { scrollToSection } from './section-scroll';
import type { SectionScrollState } from './use-hash-scroll';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string };

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

export function SiteLink({ href, onClick, children, ...rest }: Props) {
  const location = useLocation();
  const navigate = useNavigate();
  const split = splitHref(href, location.pathname);
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
  const to = { pathname: split.path, hash: `#${split.hash}` };
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event)) return;
    if (split.path !== normalisePath(location.pathname)) return; // the router navigates; useHashScroll scrolls
    event.preventDefault();
    scrollToSection(split.hash);
    const state: SectionScrollState = { sectionScrolled: true };
    navigate(to, { preventScrollReset: true, state, replace: location.hash === to.hash });
  };
  return (
    <Link to={to} preventScrollReset onClick={handleClick} {...rest}>
      {children}
    </Link>
  );
}
