/** The CMS main menu reduced to what the header renders: labels, hrefs and one level of children. */
import type { Navigation } from '../lib/sanity/site-settings.server';

type CmsMenuItem = NonNullable<Navigation['mainMenu']>[number];

export interface MenuLink {
  key: string;
  label: string;
  href: string;
}

export interface MenuEntry extends MenuLink {
  /** Submenu links; empty for a plain link. */
  children: MenuLink[];
}

function toLink(item: { _key: string; label: string; link: { href: string | null } | null }): MenuLink | null {
  const href = item.link?.href;
  return href ? { key: item._key, label: item.label, href } : null;
}

/**
 * Entries with a usable href (a broken reference resolves to null and is left out). A submenu
 * whose parent page is not among its children gets it as the first child, so the page the
 * disclosure button stands for stays reachable.
 */
export function menuEntries(items: readonly CmsMenuItem[] | null | undefined): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const item of items ?? []) {
    const self = toLink(item);
    const children = (item.children ?? []).map(toLink).filter((link): link is MenuLink => link !== null);
    if (children.length > 0 && self && !children.some((child) => child.href === self.href)) {
      children.unshift({ ...self, key: `${self.key}-self` });
    }
    if (children.length > 0) entries.push({ key: item._key, label: item.label, href: self?.href ?? '', children });
    else if (self) entries.push({ ...self, children: [] });
  }
  return entries;
}

/** Every href in the menu, children included (for the active-item and section rules). */
export function menuHrefs(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((entry) => [entry.href, ...entry.children.map((child) => child.href)]).filter(Boolean);
}
