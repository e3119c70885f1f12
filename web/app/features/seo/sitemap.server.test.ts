import { describe, expect, it } from 'vitest';
import { escapeXml, robotsTxt, sitemapEntries, sitemapXml, withProgramPages } from './sitemap.server';
import { absoluteUrl, logoUrl, shareImageUrl } from './urls.server';

const siteUrl = 'https://ascent.example';

describe('sitemapEntries', () => {
  it('lists indexable routed documents in route-table order with absolute URLs and lastmod', () => {
    const entries = sitemapEntries(
      [
        { path: '/services/hr-advisory', _updatedAt: '2026-11-01T10:00:00Z', noIndex: false },
        { path: '/', _updatedAt: '2026-10-01T09:30:00.5Z', noIndex: false },
        { path: '/about', _updatedAt: null, noIndex: null },
      ],
      siteUrl,
    );
    expect(entries).toEqual([
      { loc: 'https://ascent.example/', lastmod: '2026-10-01T09:30:00.500Z' },
      { loc: 'https://ascent.example/about' },
      { loc: 'https://ascent.example/services/hr-advisory', lastmod: '2026-11-01T10:00:00.000Z' },
    ]);
  });

  it('leaves out noIndex pages, paths the site does not serve, duplicates and bad dates', () => {
    const entries = sitemapEntries(
      [
        { path: '/about', noIndex: true },
        { path: '/drafts/unrouted', noIndex: false },
        { path: '/contact', _updatedAt: 'yesterday' },
        { path: '/contact', _updatedAt: '2026-01-01T00:00:00Z' },
      ],
      siteUrl,
    );
    expect(entries).toEqual([{ loc: 'https://ascent.example/contact' }]);
  });
});

describe('withProgramPages', () => {
  const entries = [{ loc: `${siteUrl}/` }, { loc: `${siteUrl}/training` }, { loc: `${siteUrl}/events` }];

  it('lists program pages right after the catalogue', () => {
    expect(withProgramPages(entries, ['/training/a', '/training/b'], '/training', siteUrl)).toEqual([
      { loc: `${siteUrl}/` },
      { loc: `${siteUrl}/training` },
      { loc: `${siteUrl}/training/a` },
      { loc: `${siteUrl}/training/b` },
      { loc: `${siteUrl}/events` },
    ]);
  });

  it('lists them at the end when the catalogue itself is not listed (noIndex)', () => {
    expect(withProgramPages([{ loc: `${siteUrl}/` }], ['/training/a'], '/training', siteUrl)).toEqual([
      { loc: `${siteUrl}/` },
      { loc: `${siteUrl}/training/a` },
    ]);
  });
});

describe('sitemapXml', () => {
  it('writes a urlset with escaped values', () => {
    const xml = sitemapXml([{ loc: 'https://ascent.example/a?x=1&y=<2>', lastmod: '2026-01-01T00:00:00.000Z' }]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url>',
        '    <loc>https://ascent.example/a?x=1&amp;y=&lt;2&gt;</loc>',
        '    <lastmod>2026-01-01T00:00:00.000Z</lastmod>',
        '  </url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('escapes all five XML specials', () => {
    expect(escapeXml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&apos;');
  });
});

describe('robotsTxt', () => {
  it('allows all but /admin and /login, and names the sitemap', () => {
    expect(robotsTxt('https://ascent.example/')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /login\nDisallow: /account\n\nSitemap: https://ascent.example/sitemap.xml\n',
    );
  });
});

describe('urls', () => {
  it('joins origin and path with one slash', () => {
    expect(absoluteUrl('https://a.example/', '/x')).toBe('https://a.example/x');
    expect(absoluteUrl('https://a.example', '/')).toBe('https://a.example/');
    expect(absoluteUrl('https://a.example', 'https://cdn.example/i.jpg')).toBe('https://cdn.example/i.jpg');
  });

  it('has no image URL without an asset', () => {
    expect(shareImageUrl(null)).toBeUndefined();
    expect(shareImageUrl({ asset: null })).toBeUndefined();
    expect(logoUrl(undefined)).toBeUndefined();
  });
});
