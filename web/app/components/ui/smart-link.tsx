/**
 * One link component for CMS hrefs: site paths through React Router's <Link> (client navigation),
 * http(s) URLs as plain anchors with rel="noopener noreferrer", mailto:/tel:/#hash as they are.
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
  if (isSitePath(href))
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
