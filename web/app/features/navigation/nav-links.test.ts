import { describe, expect, it } from 'vitest';
import { activeHref, fragmentId, isExternalHref, normalisePath, sectionIdsForPath, splitHref } from './nav-links';

const menu = [
  '/',
  '/about',
  '/about/mission-vision',
  '/about/csr',
  '/services',
  '/services/hr-advisory',
  '/training-model',
  '/training-model/effectiveness',
  '/#events',
  '/#testimonials',
  '#faq',
  'https://example.com/about',
  'mailto:info@ascent.example',
];

describe('hrefs', () => {
  it('normalises trailing slashes', () => {
    expect(normalisePath('')).toBe('/');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('/about/')).toBe('/about');
  });

  it('tells external hrefs apart', () => {
    for (const href of ['https://x.org', 'http://x', 'mailto:a@b.c', 'tel:+254', '//cdn.example']) {
      expect(isExternalHref(href), href).toBe(true);
    }
    for (const href of ['/', '/about#x', '#x', 'about']) expect(isExternalHref(href), href).toBe(false);
  });

  it('splits paths and sections; a bare #section belongs to the current page', () => {
    expect(splitHref('/about#mission', '/')).toEqual({ path: '/about', hash: 'mission' });
    expect(splitHref('/about/', '/')).toEqual({ path: '/about', hash: '' });
    expect(splitHref('#faq', '/services/')).toEqual({ path: '/services', hash: 'faq' });
    expect(splitHref('/events?x=1#past', '/')).toEqual({ path: '/events', hash: 'past' });
    expect(splitHref('https://example.com/#x', '/')).toBeNull();
  });

  it('reads any fragment as an id: decoded when it decodes, as written when it does not', () => {
    expect(fragmentId('#a%20b')).toBe('a b');
    expect(fragmentId('#100%')).toBe('100%');
    expect(fragmentId('%E0%A4%A')).toBe('%E0%A4%A');
    expect(fragmentId('#%E0%A4%85')).toBe('\u0905');
    expect(splitHref('/about#100%', '/')).toEqual({ path: '/about', hash: '100%' });
  });

  it('lists the section ids linked on the current page', () => {
    expect(sectionIdsForPath(menu, '/')).toEqual(['events', 'testimonials', 'faq']);
    expect(sectionIdsForPath(menu, '/about')).toEqual(['faq']);
    expect(sectionIdsForPath(['/a#x', '/a#x', '/b#y'], '/a/')).toEqual(['x']);
  });
});

describe('activeHref', () => {
  it('marks the link of the current path', () => {
    expect(activeHref(menu, '/', null)).toBe('/');
    expect(activeHref(menu, '/about', null)).toBe('/about');
    expect(activeHref(menu, '/about/csr/', null)).toBe('/about/csr');
  });

  it('falls back to the nearest ancestor path, never to the home page', () => {
    expect(activeHref(menu, '/about/our-clients', null)).toBe('/about');
    expect(activeHref(menu, '/services/team-building', null)).toBe('/services');
    expect(activeHref(menu, '/aboutx', null)).toBeNull();
    expect(activeHref(menu, '/cart', null)).toBeNull();
  });

  it('prefers the link to the section in view on the current page', () => {
    expect(activeHref(menu, '/', 'events')).toBe('/#events');
    expect(activeHref(menu, '/', 'testimonials')).toBe('/#testimonials');
    expect(activeHref(menu, '/', 'faq')).toBe('#faq');
    expect(activeHref(menu, '/about', 'faq')).toBe('#faq');
  });

  it('ignores sections of other pages and unknown sections', () => {
    expect(activeHref(menu, '/about', 'events')).toBe('/about');
    expect(activeHref(menu, '/', 'unknown')).toBe('/');
  });

  it('never marks external links', () => {
    expect(activeHref(['https://example.com/about'], '/about', null)).toBeNull();
  });
});
