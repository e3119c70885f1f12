import { describe, expect, it } from 'vitest';
import { breadcrumbTrail, type MenuForCrumbs } from './breadcrumbs.server';

const menu: MenuForCrumbs = {
  mainMenu: [
    { label: 'Home', link: { href: '/' } },
    {
      label: 'Our Services',
      link: { href: '/services' },
      children: [{ label: 'Services Overview', link: { href: '/services' } }],
    },
    { label: 'Training Model', link: { href: '/training-model' } },
    { label: 'About Us', link: { href: '/about' } },
  ],
};

describe('breadcrumbTrail', () => {
  it('is just Home on the home page', () => {
    expect(breadcrumbTrail('/', 'Home', menu)).toEqual([{ name: 'Home', path: '/' }]);
  });

  it("names ancestors by the menu's top-level label and the page by its title", () => {
    expect(breadcrumbTrail('/services/hr-advisory', 'HR Advisory', menu)).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Our Services', path: '/services' },
      { name: 'HR Advisory', path: '/services/hr-advisory' },
    ]);
    expect(breadcrumbTrail('/training-model/effectiveness', 'Effectiveness', menu).map((c) => c.name)).toEqual([
      'Home',
      'Training Model',
      'Effectiveness',
    ]);
  });

  it('falls back to the slug for an ancestor missing from the menu', () => {
    expect(breadcrumbTrail('/about/csr', 'CSR', { mainMenu: [] })).toEqual([
      { name: 'Home', path: '/' },
      { name: 'About', path: '/about' },
      { name: 'CSR', path: '/about/csr' },
    ]);
  });

  it('skips ancestors that are not pages', () => {
    expect(breadcrumbTrail('/nowhere/page', 'Page', menu)).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Page', path: '/nowhere/page' },
    ]);
  });
});
