/**
 * Server-rendered blocks arrive as HTML, so their site links are plain anchors: a plain click on
 * one navigates in the app (no reload), as a React Router <Link> would, and a click on a link to
 * a section (`#id`, `/path#id`) scrolls there smoothly below the header as header links do
 * (useGoToSection), instead of the browser's jump. Clicks with a modifier, a middle button, or on
 * links to other sites, downloads and other targets are left to the browser.
 */
import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';
import { isSitePath } from '../components/ui/smart-link';
import { isPlainClick, splitHref } from '../features/navigation/nav-links';

/** Goes to section `id` of page `path` (useGoToSection). */
type GoToSection = (path: string, id: string) => void;

export function followSiteLink(event: MouseEvent, navigate: NavigateFunction, goToSection: GoToSection): void {
  if (event.defaultPrevented || !isPlainClick(event)) return;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
  const href = link.getAttribute('href');
  if (!href || !(isSitePath(href) || href.startsWith('#'))) return;
  const split = splitHref(href, window.location.pathname);
  if (split?.hash) {
    event.preventDefault();
    goToSection(split.path, split.hash);
    return;
  }
  if (!isSitePath(href)) return;
  event.preventDefault();
  void navigate(href);
}
