/**
 * One link component for CMS hrefs: site paths through React Router's <Link> (client navigation),
 * http(s) URLs as plain anchors with rel="noopener noreferrer", mailto:/tel: as they are. Links to
 * a section (`#id`, `/path#id`) are plain anchors too: the block around them scrolls there
 * smoothly below the header (blocks/site-link-clicks.ts), which a <Link> would preempt.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

export function isSitePath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

type Props = { href: string; className?: string; children: ReactNode };

export function SmartLink({ href, className, children }: Props) {
  if (isSitePath(href) && !href.includes('#'))
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  if (isExternalHref(href))
    return (
      <a href={href} className={className} rel="noopener noreferrer">
        {children}
      </a>
    );
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}
