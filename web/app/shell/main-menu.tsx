/**
 * The main menu: plain links, and disclosure buttons that show a submenu (WAI-ARIA disclosure
 * navigation). Enter, Space or ArrowDown opens a submenu (ArrowDown also focuses its first link),
 * Escape closes it and returns focus to its button, Tab moves on and closes it once focus leaves.
 * `bar` is the desktop header (dropdowns; hovering also shows them), `panel` the mobile menu
 * (inline sections; Escape is left to the dialog).
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { splitHref } from '../features/navigation/nav-links';
import { SiteLink } from '../features/navigation/site-link';
import type { MenuEntry, MenuLink } from './menu-model';

type Variant = 'bar' | 'panel';

interface MenuProps {
  entries: readonly MenuEntry[];
  activeHref: string | null;
  variant: Variant;
  /** Start with the submenu holding the active link open (the mobile menu, each time it opens). */
  expandCurrent?: boolean;
}

/** The submenu entry holding the active link, if any. */
function currentEntryKey(entries: readonly MenuEntry[], activeHref: string | null): string | null {
  if (activeHref === null) return null;
  return entries.find((entry) => entry.children.some((child) => child.href === activeHref))?.key ?? null;
}

type Current = 'page' | 'location' | 'true' | undefined;

function currentOf(href: string, activeHref: string | null, pathname: string): Current {
  if (href !== activeHref) return undefined;
  const split = splitHref(href, pathname);
  if (split?.hash) return 'location';
  return split && split.path === (pathname.replace(/\/+$/, '') || '/') ? 'page' : 'true';
}

export function MainMenu({ entries, activeHref, variant, expandCurrent = false }: MenuProps) {
  const { pathname, key: locationKey } = useLocation();
  const [openKey, setOpenKey] = useState<string | null>(() =>
    expandCurrent ? currentEntryKey(entries, activeHref) : null,
  );
  const listRef = useRef<HTMLUListElement>(null);

  // A navigation closes any open submenu (adjusted while rendering: the new page never shows it open).
  const [menuLocation, setMenuLocation] = useState(locationKey);
  if (menuLocation !== locationKey) {
    setMenuLocation(locationKey);
    setOpenKey(null);
  }

  // A pointer press outside the menu closes it (the bar's dropdowns float over the page).
  useEffect(() => {
    if (openKey === null || variant !== 'bar') return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !listRef.current?.contains(event.target)) setOpenKey(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openKey, variant]);

  return (
    <ul ref={listRef} className={`main-menu main-menu--${variant}`}>
      {entries.map((entry) =>
        entry.children.length > 0 ? (
          <DisclosureItem
            key={entry.key}
            entry={entry}
            variant={variant}
            open={openKey === entry.key}
            onOpenChange={(open) => setOpenKey(open ? entry.key : null)}
            activeHref={activeHref}
            pathname={pathname}
          />
        ) : (
          <li key={entry.key} className="main-menu__item" data-active={entry.href === activeHref || undefined}>
            <SiteLink
              href={entry.href}
              className="main-menu__link"
              aria-current={currentOf(entry.href, activeHref, pathname)}
            >
              {entry.label}
            </SiteLink>
          </li>
        ),
      )}
    </ul>
  );
}

interface DisclosureProps {
  entry: MenuEntry;
  variant: Variant;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  activeHref: string | null;
  pathname: string;
}

function DisclosureItem({ entry, variant, open, onOpenChange, activeHref, pathname }: DisclosureProps) {
  const submenuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const submenuRef = useRef<HTMLUListElement>(null);
  const focusFirstOnOpen = useRef(false);
  const containsActive = entry.children.some((child: MenuLink) => child.href === activeHref);

  useEffect(() => {
    if (open && focusFirstOnOpen.current) {
      focusFirstOnOpen.current = false;
      submenuRef.current?.querySelector<HTMLElement>('a')?.focus();
    }
  }, [open]);

  const links = () => [...(submenuRef.current?.querySelectorAll<HTMLElement>('a') ?? [])];

  const closeAndReturnFocus = () => {
    onOpenChange(false);
    buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (open) links()[0]?.focus();
      else {
        focusFirstOnOpen.current = true;
        onOpenChange(true);
      }
    } else if (event.key === 'Escape' && open && variant === 'bar') {
      event.preventDefault();
      onOpenChange(false);
    }
  };

  const onSubmenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = links();
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'Escape' && variant === 'bar') {
      event.preventDefault();
      closeAndReturnFocus();
    } else if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
  };

  // Tab moves on: once focus has left this item, its submenu closes (bar only; the panel keeps sections open).
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (variant !== 'bar' || !open) return;
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !event.currentTarget.contains(next)) onOpenChange(false);
  };

  return (
    <li
      className="main-menu__item main-menu__item--has-submenu"
      data-active={containsActive || undefined}
      data-open={open || undefined}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className="main-menu__link main-menu__toggle"
        aria-expanded={open}
        aria-controls={submenuId}
        onClick={() => onOpenChange(!open)}
        onKeyDown={onButtonKeyDown}
      >
        {entry.label}
        <svg className="main-menu__chevron" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys move focus among the links inside (keys bubble here from them) */}
      <ul ref={submenuRef} id={submenuId} className="submenu" hidden={!open} onKeyDown={onSubmenuKeyDown}>
        {entry.children.map((child) => (
          <li key={child.key}>
            <SiteLink
              href={child.href}
              className="submenu__link"
              aria-current={currentOf(child.href, activeHref, pathname)}
            >
              {child.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
