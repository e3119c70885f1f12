import { describe, expect, it } from 'vitest';
import { menuEntries, menuHrefs } from './menu-model';

const link = (href: string | null) => ({ kind: 'internal' as const, label: null, href });

describe('menuEntries', () => {
  it('keeps plain links and submenus from the CMS', () => {
    const entries = menuEntries([
      { _key: 'home', label: 'Home', link: link('/'), children: null },
      {
        _key: 'about',
        label: 'About Us',
        link: link('/about'),
        children: [
          { _key: 'a1', label: 'About', link: link('/about') },
          { _key: 'a2', label: 'CSR', link: link('/about/csr') },
        ],
      },
    ]);
    expect(entries).toEqual([
      { key: 'home', label: 'Home', href: '/', children: [] },
      {
        key: 'about',
        label: 'About Us',
        href: '/about',
        children: [
          { key: 'a1', label: 'About', href: '/about' },
          { key: 'a2', label: 'CSR', href: '/about/csr' },
        ],
      },
    ]);
  });

  it('adds the parent page to a submenu that lacks it, so it stays reachable', () => {
    const [entry] = menuEntries([
      {
        _key: 'tm',
        label: 'Training Model',
        link: link('/training-model'),
        children: [{ _key: 'c', label: 'Modes', link: link('/training-model/training-modes') }],
      },
    ]);
    expect(entry?.children.map((child) => child.href)).toEqual(['/training-model', '/training-model/training-modes']);
    expect(entry?.children[0]?.label).toBe('Training Model');
  });

  it('leaves out links whose reference resolved to nothing', () => {
    const entries = menuEntries([
      { _key: 'broken', label: 'Gone', link: link(null), children: null },
      {
        _key: 'x',
        label: 'Services',
        link: link(null),
        children: [
          { _key: 'y', label: 'Gone too', link: link(null) },
          { _key: 'z', label: 'HR', link: link('/services/hr-advisory') },
        ],
      },
    ]);
    expect(entries).toEqual([
      { key: 'x', label: 'Services', href: '', children: [{ key: 'z', label: 'HR', href: '/services/hr-advisory' }] },
    ]);
    expect(menuEntries(null)).toEqual([]);
  });

  it('lists every href for the active-item rules', () => {
    const entries = menuEntries([
      { _key: 'a', label: 'A', link: link('/a'), children: [{ _key: 'b', label: 'B', link: link('/a#b') }] },
    ]);
    expect(menuHrefs(entries)).toEqual(['/a', '/a', '/a#b']);
  });
});
