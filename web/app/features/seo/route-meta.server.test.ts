import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  appScreenMeta,
  documentMeta,
  maintenanceMeta,
  notFoundMeta,
  privateScreenMeta,
  rootMeta,
} from './route-meta.server';
import { settings, siteUrl } from './fixtures.test-support';

const ldTypes = (tags: MetaDescriptor[]) =>
  tags.flatMap((tag) => ('script:ld+json' in tag ? [(tag['script:ld+json'] as { '@type': string })['@type']] : []));

describe('route meta', () => {
  const root = rootMeta(settings, siteUrl);

  it('gives every page the default title and description and the Organization', () => {
    expect(root).toContainEqual({ title: 'Ascent | Training institute' });
    expect(root).toContainEqual({ name: 'description', content: 'Default description.' });
    expect(ldTypes(root)).toEqual(['Organization']);
  });

  it("puts a CMS page's own tags and BreadcrumbList over the root's", () => {
    const tags = documentMeta({
      document: { title: 'HR Advisory', path: '/services/hr-advisory', summary: 'HR help.', seo: null },
      settings,
      siteUrl,
      menu: { mainMenu: [{ label: 'Our Services', link: { href: '/services' } }] },
      parent: root,
    });
    expect(tags.filter((tag) => 'title' in tag)).toEqual([{ title: 'HR Advisory | Ascent' }]);
    expect(tags.filter((tag) => 'name' in tag && tag.name === 'description')).toEqual([
      { name: 'description', content: 'HR help.' },
    ]);
    expect(ldTypes(tags)).toEqual(['Organization', 'BreadcrumbList']);
  });

  it('keeps the maintenance page and unknown paths out of the index', () => {
    expect(maintenanceMeta('Ascent')).toEqual([
      { title: 'Under Maintenance | Ascent' },
      { name: 'robots', content: 'noindex' },
    ]);
    const missing = notFoundMeta('Ascent', root);
    expect(missing).toContainEqual({ title: 'Page not found | Ascent' });
    expect(missing).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(missing.filter((tag) => 'title' in tag)).toHaveLength(1);
  });

  it("gives an app screen (the cart) its own description and canonical, indexable, over the root's", () => {
    const tags = appScreenMeta({
      title: 'Your cart',
      path: '/cart',
      description: 'Your chosen programs.',
      settings,
      siteUrl,
      parent: root,
    });
    expect(tags.filter((tag) => 'title' in tag)).toEqual([{ title: 'Your cart | Ascent' }]);
    expect(tags.filter((tag) => 'name' in tag && tag.name === 'description')).toEqual([
      { name: 'description', content: 'Your chosen programs.' },
    ]);
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${siteUrl}/cart` });
    expect(tags.some((tag) => 'name' in tag && tag.name === 'robots')).toBe(false);
    expect(ldTypes(tags)).toEqual(['Organization']);
  });

  it("keeps a screen with one visitor's data out of the index", () => {
    expect(privateScreenMeta('Order', 'Ascent', root)).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});
