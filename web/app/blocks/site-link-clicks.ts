/**
 * Server-rendered blocks arrive as HTML, so their site links are plain anchors: a plain click on
 * one navigates in the app (no reload), as a React Router <Link> would. Clicks with a modifier,
 * a middle button, or on links to other sites, downloads and other targets are left to the browser.
 */
import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';
import { isSitePath } from '../components/ui/smart-link';
import { isPlainClick } from '../features/navigation/nav-links';

export function followSiteLink(event: MouseEvent, navigate: NavigateFunction): void {
  if (event.defaultPrevented || !isPlainClick(event)) return;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
  const href = link.getAttribute('href');
  if (!href || !isSitePath(href)) return;
  event.preventDefault();
  void navigate(href);
}
