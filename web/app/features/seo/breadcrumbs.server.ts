/** The breadcrumb trail of a public path: each ancestor that is itself a page, then the page. */
import { documentForPath } from '../../config/routes-table';
import type { Crumb } from './json-ld.server';

/** The main menu as far as names go (NAVIGATION_QUERY's result satisfies it). */
export interface MenuForCrumbs {
  mainMenu?: ReadonlyArray<{
    label: string;
    link?: { href?: string | null } | null;
    children?: ReadonlyArray<{ label: string; link?: { href?: string | null } | null }> | null;
  }> | null;
}

/** The menu's name for a path: top-level labels first ('Our Services', not 'Services Overview'). */
function menuLabel(menu: MenuForCrumbs | undefined, path: string): string | undefined {
  const items = menu?.mainMenu ?? [];
  return (
    items.find((item) => item.link?.href === path)?.label ??
    items.flatMap((item) => item.children ?? []).find((child) => child.link?.href === path)?.label
  );
}

const fromSlug = (segment: string) => segment.replace(/-/g, ' ').replace(/^./, (first) => first.toUpperCase());

/** Home, then every ancestor path in the route table, then the page itself under its own title. */
export function breadcrumbTrail(path: string, title: string, menu?: MenuForCrumbs): Crumb[] {
  const home: Crumb = { name: menuLabel(menu, '/') ?? 'Home', path: '/' };
  if (path === '/') return [home];
  const segments = path.split('/').filter(Boolean);
  const ancestors = segments.slice(0, -1).flatMap((segment, index): Crumb[] => {
    const ancestor = `/${segments.slice(0, index + 1).join('/')}`;
    return documentForPath(ancestor) ? [{ name: menuLabel(menu, ancestor) ?? fromSlug(segment), path: ancestor }] : [];
  });
  return [home, ...ancestors, { name: title, path }];
}
